import PostgresCore

/// A closure that is not `Sendable`, carried to the pool's blocking thread for a call that
/// waits for it there: a repository's `change`, a unit of work's body.
///
/// `@unchecked Sendable` is safe because of how ``run(on:_:)`` uses it: the caller is suspended
/// until the closure has returned on the other thread, so the closure and whatever it captures
/// are never used by two threads at once, and never after the call returns (it does not
/// escape: `withoutActuallyEscaping` checks that).
struct BlockingWork<T>: @unchecked Sendable {
  let body: (PostgresConnection) throws -> T

  /// Runs `body` with a connection of the pool, on the pool's blocking thread, waiting for it.
  static func run(
    on pool: PostgresPool, transaction: Bool, _ body: (PostgresConnection) throws -> T
  ) async throws -> T where T: Sendable {
    try await withoutActuallyEscaping(body) { escapable in
      let work = BlockingWork(body: escapable)
      if transaction {
        return try await pool.transaction { connection in try work.body(connection) }
      }
      return try await pool.withConnection { connection in try work.body(connection) }
    }
  }
}
