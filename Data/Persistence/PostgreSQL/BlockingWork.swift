import Dispatch
import PostgresCore

/// A closure that is not `Sendable`, carried to a Dispatch thread for a call that waits for it
/// there: a repository's `change`, a unit of work's body, work that blocks in libpq.
///
/// `@unchecked Sendable` is safe because of how ``run(_:)`` uses it: the caller is suspended
/// until the closure has returned on the other thread, so the closure and what it captures are
/// never used by two threads at once; and the reference is dropped before the call returns, so
/// the closure never outlives it (`withoutActuallyEscaping` checks that — the Dispatch thread
/// may let go of its work item a moment after handing back the result, which is why the box is
/// emptied rather than merely left behind).
final class BlockingWork<T>: @unchecked Sendable {
  private var body: (() throws -> T)?

  private init(_ body: @escaping () throws -> T) {
    self.body = body
  }

  /// Runs `body` on a Dispatch thread, where blocking holds up none of Swift's cooperative
  /// threads, waiting for it.
  static func run(_ body: () throws -> T) async throws -> T where T: Sendable {
    try await withoutActuallyEscaping(body) { escapable in
      let work = BlockingWork(escapable)
      defer { work.body = nil }
      return try await withCheckedThrowingContinuation { continuation in
        // A queue of its own: Dispatch's overcommitting threads, which grow when others block
        // (as `PostgresPool` runs its work).
        DispatchQueue(label: "BlockingWork").async { continuation.resume(with: Result { try work.call() }) }
      }
    }
  }

  /// Runs `body` with a connection of the pool (in a transaction when asked) on a Dispatch
  /// thread, waiting for it.
  static func run(
    on pool: PostgresPool, transaction: Bool, _ body: (PostgresConnection) throws -> T
  ) async throws -> T where T: Sendable {
    try await run {
      transaction ? try pool.transactionNow(body) : try pool.withConnectionNow(body)
    }
  }

  /// Calls the closure, which is there until the call that made the box returns.
  private func call() throws -> T {
    guard let body else { preconditionFailure("a blocking work item ran after its caller returned") }
    return try body()
  }
}
