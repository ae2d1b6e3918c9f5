import Synchronization

/// Wakes the observers of a store's history when a write commits in this process; commits of
/// other processes are found by the observers' periodic check.
final class CommitSignal: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    /// The timers of the waiters, cancelled when a commit wakes them first.
    var timers: [UInt64: Task<Void, Never>] = [:]
  }

  private let state = Mutex(State())

  /// How many commits have been signalled.
  var generation: UInt64 { state.withLock { $0.generation } }

  /// Wakes every waiter: a write has committed.
  func notify() {
    let (waiters, timers) = state.withLock { state in
      state.generation &+= 1
      defer {
        state.waiters.removeAll()
        state.timers.removeAll()
      }
      return (Array(state.waiters.values), Array(state.timers.values))
    }
    for timer in timers { timer.cancel() }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until a commit after `generation` is signalled, or at most `interval`.
  func wait(after generation: UInt64, atMost interval: Duration) async {
    let id = state.withLock { state in
      defer { state.nextWaiter &+= 1 }
      return state.nextWaiter
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let signalled = state.withLock { state in
        guard state.generation == generation else { return true }
        state.waiters[id] = continuation
        return false
      }
      if signalled {
        continuation.resume()
        return
      }
      let timer = Task { [self] in
        // A cancelled sleep only ends the wait early, which a commit signal allows.
        try? await Task.sleep(for: interval)
        // Resumed here only if no commit resumed it first.
        state.withLock { state -> CheckedContinuation<Void, Never>? in
          state.timers[id] = nil
          return state.waiters.removeValue(forKey: id)
        }?.resume()
      }
      state.withLock { state in
        // Kept only while its waiter waits; a commit may have woken it already.
        if state.waiters[id] != nil { state.timers[id] = timer }
      }
    }
  }
}
