import Foundation
import PostgresCore
import Testing

/// LISTEN/NOTIFY against a real server: another session's committed notification arrives, a
/// rolled-back one never does, and stopping ends the stream and closes what the listener opened.
@Suite(.needsPostgreSQL)
struct PostgresListenerTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.makeDatabase()
  }

  @Test func aCommittedNotificationArrivesAndARolledBackOneDoesNot() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog", "odd \"channel\""])
    let sender = try PostgresConnection(url: url)
    try sender.execute("BEGIN; SELECT pg_notify('catalog', 'rolled back'); ROLLBACK")
    _ = try sender.query("SELECT pg_notify($1, $2)", [.text("catalog"), .text("first")])
    _ = try sender.query("SELECT pg_notify($1, $2)", [.text("elsewhere"), .text("not listened")])
    _ = try sender.query("SELECT pg_notify($1, $2)", [.text("odd \"channel\""), .text("second")])
    var received: [PostgresNotification] = []
    for try await notification in listener.notifications {
      received.append(notification)
      if received.count == 2 { break }
    }
    let senderID = try #require(sender.query("SELECT pg_backend_pid()").int64(row: 0, column: 0))
    #expect(
      received == [
        PostgresNotification(channel: "catalog", payload: "first", senderProcessID: Int(senderID)),
        PostgresNotification(channel: "odd \"channel\"", payload: "second", senderProcessID: Int(senderID)),
      ])
  }

  @Test func stoppingEndsTheStream() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog"])
    listener.stop()
    listener.stop()
    var count = 0
    for try await _ in listener.notifications { count += 1 }
    #expect(count == 0)
  }

  @Test func listenersLeaveNoFileOpenOnceStopped() async throws {
    // Not while a test opens many connections: see OpenFilesGate.
    try await OpenFilesGate.shared.exclusively {
      let before = try openFiles()
      for _ in 0..<20 {
        let listener = try PostgresListener(url: url, channels: ["catalog"])
        listener.stop()
        for try await _ in listener.notifications {}
      }
      // The thread closes the connection and the pipe as it ends, just after the stream ends.
      // Tests running alongside open files too; a leak would leave three a listener, sixty here.
      var after = try openFiles()
      for _ in 0..<100 where after >= before + 20 {
        try await Task.sleep(for: .milliseconds(20))
        after = try openFiles()
      }
      #expect(after < before + 20)
    }
  }

  @Test func aBrokenConnectionEndsTheStreamWithAnError() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog"])
    let admin = try PostgresConnection(url: url)
    _ = try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()"
    )
    await #expect(throws: PostgresError.self) {
      for try await _ in listener.notifications {}
    }
  }

  /// How many files the process has open.
  private func openFiles() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
  }
}
