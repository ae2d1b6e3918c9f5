import Foundation
import PostgresCore
import Testing

/// A session the server ends (`pg_terminate_backend`, as an administrator or a shutdown does)
/// is one error, whichever call meets it: a lost connection, in words that hold nothing of the
/// server's or libpq's, which stay in its detail.
@Suite(.needsPostgreSQL)
struct PostgresConnectionLostTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.makeDatabase()
  }

  /// Ends the session of `connection`'s server process from another connection.
  private func terminate(_ processID: Int64) throws {
    let ended = try PostgresConnection(url: url).query("SELECT pg_terminate_backend($1)", [.integer(processID)])
    #expect(ended.bool(row: 0, column: 0) == true)
  }

  /// Expects `error` to be a lost connection, said as one.
  private func expectLost(_ error: PostgresError?, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error?.isConnectionLost == true, "\(String(reflecting: error))", sourceLocation: sourceLocation)
    #expect(error?.message == PostgresError.connectionLostMessage, sourceLocation: sourceLocation)
    #expect(error?.detail?.isEmpty == false, sourceLocation: sourceLocation)
  }

  @Test func aStatementOnAnEndedSessionFailsAsALostConnection() throws {
    let connection = try PostgresConnection(url: url)
    try terminate(try #require(connection.query("SELECT pg_backend_pid()").int64(row: 0, column: 0)))
    let error = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT 1") }
    expectLost(error)
    #expect(!connection.isUsable)
  }

  @Test func aListenerWhoseSessionEndsEndsItsStreamWithALostConnection() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog"])
    let watcher = try PostgresConnection(url: url)
    // The listener's session, once it listens.
    var processID: Int64?
    while processID == nil {
      processID = try watcher.query(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'"
      ).int64(row: 0, column: 0)
      if processID == nil { try await Task.sleep(for: .milliseconds(20)) }
    }
    try terminate(try #require(processID))
    var failure: (any Error)?
    do {
      for try await _ in listener.notifications {}
    } catch {
      failure = error
    }
    expectLost(failure as? PostgresError)
  }

  @Test func otherFailuresAreNoLostConnection() throws {
    let connection = try PostgresConnection(url: url)
    let error = #expect(throws: PostgresError.self) { _ = try connection.query("SELECT 1/0") }
    #expect(error?.isConnectionLost == false)
    #expect(connection.isUsable)
  }
}
