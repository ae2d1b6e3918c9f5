import PostgresCore

/// A closure that is not `Sendable`, carried to the pool's blocking thread for a call that
/// waits for it there: a repository's `change`, a unit of work's body.
///
/// `@unchecked Sendable` is safe because of how ``run(on:transaction:_:)`` uses it: the caller
/// is suspended until the closure has returned on the other thread (and, for a transaction the
/// server asked to run again, until every attempt has returned), so the closure and what it
/// captures are never used by two threads at once; and the reference is dropped before the call
/// returns, so the closure never outlives it (`withoutActuallyEscaping` checks that — the pool's
/// thread may let go of its work item a moment after handing back the result, which is why the
/// box is emptied rather than merely left behind).
final class BlockingWork<T>: @unchecked Sendable {
  private var body: ((PostgresConnection) throws -> T)?

  private init(_ body: @escaping (PostgresConnection) throws -> T) {
    self.body = body
  }

  /// Runs `body` with a connection of the pool, on the pool's blocking thread, waiting for it.
  static func run(
    on pool: PostgresPool, transaction: Bool, _ body: (PostgresConnection) throws -> T
  ) async throws -> T where T: Sendable {
    try await withoutActuallyEscaping(body) { escapable in
      let work = BlockingWork(escapable)
      defer { work.body = nil }
      if transaction {
        return try await pool.transaction { connection in try work.call(connection) }
      }
      return try await pool.withConnection { connection in try work.call(connection) }
    }
  }

  /// Calls the closure, which is there until the call that made the box returns.
  private func call(_ connection: PostgresConnection) throws -> T {
    guard let body else { preconditionFailure("a blocking work item ran after its caller returned") }
    return try body(connection)
  }
}
