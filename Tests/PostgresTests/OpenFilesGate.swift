/// Keeps the tests that count the process's open files apart from the tests that open many
/// connections at once: run in parallel, a pool of sixteen opening its connections between a
/// count and the next would look like a leak.
///
/// A test of either kind runs its body through ``exclusively(_:)``; bodies run one at a time,
/// in the order they asked, while every other test runs alongside as before.
actor OpenFilesGate {
  /// The gate the PostgreSQL tests share.
  static let shared = OpenFilesGate()

  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Runs `body` once no other body of the gate is running, and returns what it returns.
  func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    if busy {
      await withCheckedContinuation { waiting.append($0) }
    }
    busy = true
    defer {
      // Hands the gate straight to the next in line, which then runs with `busy` still set.
      if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
    return try await body()
  }
}
