import Foundation

extension PostgresPool {
  /// How much a transaction isolates itself from others running at once; PostgreSQL's levels.
  public enum Isolation: String, Sendable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// Every statement sees what was committed before the transaction's first one.
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after another; the server fails one that cannot be
    /// ordered so, and it is run again.
    case serializable = "SERIALIZABLE"
  }

  /// Runs `body` in one transaction on a connection of the pool: committed when it returns,
  /// rolled back when it throws. A transaction the server ended with a serialization failure or
  /// a deadlock (``PostgresError/isRetryable``) is run again, whole, after a pause that grows
  /// with each attempt (with jitter, so that the transactions that collided do not collide
  /// again), up to `attempts` times in all.
  ///
  /// `body` may run more than once, so it should change nothing outside the transaction.
  ///
  /// - Throws: what `body` throws; ``PostgresError`` if the transaction cannot begin or commit,
  ///   or still fails after the last attempt.
  public func transaction<T: Sendable>(
    isolation: Isolation = .readCommitted, attempts: Int = 10,
    _ body: @escaping @Sendable (PostgresConnection) throws -> T
  ) async throws -> T {
    var attempt = 1
    while true {
      do {
        return try await withConnection { connection in try Self.once(isolation, body, on: connection) }
      } catch let error as PostgresError where error.isRetryable && attempt < attempts {
        try await Task.sleep(for: Self.pause(before: attempt + 1))
        attempt += 1
      }
    }
  }

  /// Runs `body` in one transaction as ``transaction(isolation:attempts:_:)`` does, on the
  /// calling thread, which waits — blocked — for a connection and for the pauses between
  /// attempts: for synchronous callers, such as a context's `save()`.
  ///
  /// - Throws: as ``transaction(isolation:attempts:_:)``.
  public func transactionNow<T>(
    isolation: Isolation = .readCommitted, attempts: Int = 10, _ body: (PostgresConnection) throws -> T
  ) throws -> T {
    var attempt = 1
    while true {
      do {
        return try withConnectionNow { connection in try Self.once(isolation, body, on: connection) }
      } catch let error as PostgresError where error.isRetryable && attempt < attempts {
        Thread.sleep(forTimeInterval: Self.pause(before: attempt + 1).seconds)
        attempt += 1
      }
    }
  }

  /// One attempt: `body` between `BEGIN` and `COMMIT`, rolled back when it throws.
  private static func once<T>(
    _ isolation: Isolation, _ body: (PostgresConnection) throws -> T, on connection: PostgresConnection
  ) throws -> T {
    try connection.execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
    do {
      let result = try body(connection)
      try connection.execute("COMMIT")
      return result
    } catch {
      // The first error is the one to report. A rollback that fails leaves the connection
      // inside the transaction or broken, and the pool closes such a connection.
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// The pause before an attempt after the first: it grows with each attempt, with jitter, so
  /// that the transactions that collided do not collide again.
  private static func pause(before attempt: Int) -> Duration {
    let ceiling = min(200, 2 << min(attempt - 1, 7))
    return .milliseconds(Int.random(in: 1...ceiling))
  }
}
