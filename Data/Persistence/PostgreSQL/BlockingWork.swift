import PostgresCore

/// A closure that is not `Sendable`, carried to the pool's blocking thread for a call that
/// waits for it there: a repository's `change`, a unit of work's body.
///
/// `@unchecked Sendable` is safe because of how ``run(on:transaction:_:)`` uses it: the caller
/// is suspended until the closure has returned on the other thread (each attempt of a
/// transaction runs it again there, one after another), so the closure and whatever it
/// captures are never used by two threads at once, and never after the call returns: the
/// caller lets go of it then (`withoutActuallyEscaping` checks that nothing else holds it).
final class BlockingWork<T>: @unchecked Sendable {
  private var body: ((PostgresConnection) throws -> T)?

  private init(body: @escaping (PostgresConnection) throws -> T) {
    self.body = body
  }

  private func call(_ connection: PostgresConnection) throws -> T {
    guard let body else { throw PostgresError(code: nil, message: "blocking work ran after its call returned") }
    return try body(connection)
  }

  /// Runs `body` with a connection of the pool, on the pool's blocking thread, waiting for it.
  static func run(
    on pool: PostgresPool, transaction: Bool, _ body: (PostgresConnection) throws -> T
  ) async throws -> T where T: Sendable {
    try await withoutActuallyEscaping(body) { escapable in
      let work = BlockingWork(body: escapable)
      // The pool's closure, and so `work`, may outlive the call for a moment on the thread
      // that ran it (Dispatch releases its block after the caller resumed): `work` lets go of
      // the closure here, before `withoutActuallyEscaping` checks that it did not escape.
      defer { work.body = nil }
      if transaction {
        return try await pool.transaction { connection in try work.call(connection) }
      }
      return try await pool.withConnection { connection in try work.call(connection) }
    }
  }
}
