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
        return try await withConnection { connection in
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
      } catch let error as PostgresError where error.isRetryable && attempt < attempts {
        let ceiling = min(200, 2 << min(attempt, 7))
        try await Task.sleep(for: .milliseconds(Int.random(in: 1...ceiling)))
        attempt += 1
      }
    }
  }
}
