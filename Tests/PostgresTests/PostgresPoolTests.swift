import Foundation
import PostgresCore
import Synchronization
import Testing

/// The pool against a real server: it opens at most its size, survives a connection the server
/// ended, and its transactions commit, roll back, and run again after a serialization failure,
/// so that many writers at once lose nothing.
@Suite(.needsPostgreSQL)
struct PostgresPoolTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.makeDatabase()
  }

  @Test func itOpensNoMoreConnectionsThanItsSize() async throws {
    let pool = PostgresPool(url: url, size: 3)
    let backends = try await withThrowingTaskGroup(of: Int64.self) { group in
      for _ in 0..<24 {
        group.addTask {
          try await pool.withConnection { connection in
            // Long enough that borrowers overlap and some must wait.
            _ = try connection.query("SELECT pg_sleep(0.02)")
            return try #require(connection.query("SELECT pg_backend_pid()").int64(row: 0, column: 0))
          }
        }
      }
      return try await group.reduce(into: Set<Int64>()) { $0.insert($1) }
    }
    #expect(backends.count == 3)
  }

  @Test func aConnectionTheServerEndedIsReplaced() async throws {
    let pool = PostgresPool(url: url, size: 1)
    let first = try await pool.withConnection {
      try #require($0.query("SELECT pg_backend_pid()").int64(row: 0, column: 0))
    }
    _ = try PostgresConnection(url: url).query("SELECT pg_terminate_backend($1)", [.integer(first)])
    // The first use after the server ended it fails: the link is gone, which libpq finds then.
    await #expect(throws: PostgresError.self) { try await pool.withConnection { _ = try $0.query("SELECT 1") } }
    let second = try await pool.withConnection {
      try #require($0.query("SELECT pg_backend_pid()").int64(row: 0, column: 0))
    }
    #expect(second != first)
  }

  @Test func aTransactionCommitsWhatItsBodyDidOrNothing() async throws {
    let pool = PostgresPool(url: url, size: 2)
    try await pool.withConnection { try $0.execute("CREATE TABLE notes (id int8 PRIMARY KEY)") }
    try await pool.transaction { connection in _ = try connection.query("INSERT INTO notes VALUES (1)") }
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await pool.transaction { connection in
        _ = try connection.query("INSERT INTO notes VALUES (2)")
        throw Refused()
      }
    }
    await #expect(throws: PostgresError.self) {
      try await pool.transaction { connection in
        _ = try connection.query("INSERT INTO notes VALUES (3)")
        _ = try connection.query("INSERT INTO notes VALUES (1)")
      }
    }
    let ids = try await pool.withConnection { connection in
      let rows = try connection.query("SELECT id FROM notes ORDER BY id")
      return (0..<rows.count).compactMap { rows.int64(row: $0, column: 0) }
    }
    #expect(ids == [1])
  }

  @Test func aBodyThatLeavesATransactionOpenDoesNotPassItOn() async throws {
    let pool = PostgresPool(url: url, size: 1)
    try await pool.withConnection { try $0.execute("BEGIN") }
    let idle = try await pool.withConnection { $0.isIdle }
    #expect(idle)
  }

  @Test func sixteenWritersAtOnceLoseNoIncrement() async throws {
    let pool = PostgresPool(url: url, size: 16)
    try await pool.withConnection { connection in
      try connection.execute(
        "CREATE TABLE counter (id int8 PRIMARY KEY, value int8 NOT NULL); INSERT INTO counter VALUES (1, 0)")
    }
    let attempts = AttemptCount()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          for _ in 0..<25 {
            try await pool.transaction(isolation: .serializable, attempts: 100) { connection in
              attempts.value.add(1, ordering: .relaxed)
              // Read, then write what was read plus one: without serializable isolation and the
              // retries, two writers reading the same value would lose an increment.
              let value = try #require(
                connection.query("SELECT value FROM counter WHERE id = 1").int64(row: 0, column: 0))
              _ = try connection.query("UPDATE counter SET value = $1 WHERE id = 1", [.integer(value + 1)])
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let value = try await pool.withConnection { try $0.query("SELECT value FROM counter").int64(row: 0, column: 0) }
    #expect(value == 400)
    // Some transactions collided and ran again (the test would prove nothing otherwise).
    #expect(attempts.value.load(ordering: .relaxed) > 400)
  }

  @Test func threadsAndTasksWaitingTogetherEachGetAConnectionInTurn() async throws {
    let pool = PostgresPool(url: url, size: 2)
    try pool.withConnectionNow { connection in
      try connection.execute(
        "CREATE TABLE counter (id int8 PRIMARY KEY, value int8 NOT NULL); INSERT INTO counter VALUES (1, 0)")
    }
    let backends = Mutex(Set<Int64>())
    // Eight threads blocking in the pool and eight tasks awaiting it share its two connections.
    let threads = (0..<8).map { _ in
      let thread = BlockingWriter {
        for _ in 0..<10 {
          try pool.transactionNow(isolation: .serializable, attempts: 100) { connection in
            _ = try connection.query("SELECT pg_sleep(0.001)")
            _ = try connection.query("UPDATE counter SET value = value + 1 WHERE id = 1")
            let backend = try #require(connection.query("SELECT pg_backend_pid()").int64(row: 0, column: 0))
            backends.withLock { _ = $0.insert(backend) }
          }
        }
      }
      thread.start()
      return thread
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10 {
            try await pool.transaction(isolation: .serializable, attempts: 100) { connection in
              _ = try connection.query("UPDATE counter SET value = value + 1 WHERE id = 1")
            }
          }
        }
      }
      try await group.waitForAll()
    }
    for thread in threads { try thread.finish() }
    let value = try pool.withConnectionNow { try $0.query("SELECT value FROM counter").int64(row: 0, column: 0) }
    #expect(value == 160)
    #expect(backends.withLock { $0.count } <= 2)
  }

  @Test func aBlockingTransactionRollsBackWhatItsBodyDidWhenItThrows() throws {
    let pool = PostgresPool(url: url, size: 1)
    try pool.withConnectionNow { try $0.execute("CREATE TABLE notes (id int8 PRIMARY KEY)") }
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try pool.transactionNow { connection in
        _ = try connection.query("INSERT INTO notes VALUES (1)")
        throw Refused()
      }
    }
    let count = try pool.withConnectionNow { try $0.query("SELECT count(*) FROM notes").int64(row: 0, column: 0) }
    #expect(count == 0)
  }
}

/// How many times transactions' bodies ran, counted from many tasks.
private final class AttemptCount: Sendable {
  let value = Atomic<Int>(0)
}

/// A thread that runs a body once and keeps what it threw, for the tests of callers that block.
private final class BlockingWriter: Sendable {
  private let outcome = Outcome()
  private let body: @Sendable () throws -> Void

  init(_ body: @escaping @Sendable () throws -> Void) {
    self.body = body
  }

  func start() {
    let (outcome, body) = (self.outcome, self.body)
    Thread {
      do { try body() } catch { outcome.failure.withLock { $0 = "\(error)" } }
      outcome.done.signal()
    }.start()
  }

  /// Waits for the body to end, and fails with what it threw.
  func finish() throws {
    outcome.done.wait()
    if let message = outcome.failure.withLock({ $0 }) { throw BlockingFailure(message: message) }
  }

  private final class Outcome: Sendable {
    let done = DispatchSemaphore(value: 0)
    let failure = Mutex<String?>(nil)
  }
}

private struct BlockingFailure: Error {
  let message: String
}
