import Synchronization

/// Wakes the observers of a store's history when a commit is known: at once for a write of this
/// process, and when the store's ``StoreWatcher`` finds another process's.
final class CommitSignal: Sendable {
  private struct State {
    var generation: UInt64 = 0
    /// The newest history token announced, so that a commit announced by its writer and again
    /// by the watcher wakes the observers once.
    var latest: Int64 = 0
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = Mutex(State())

  /// How many times the observers have been woken.
  var generation: UInt64 { state.withLock { $0.generation } }

  /// Wakes every waiter: something changed that they should look at.
  func notify() {
    let waiters = state.withLock { state in
      state.generation &+= 1
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Wakes every waiter if `token` is newer than every token announced before.
  ///
  /// - Returns: Whether it was news.
  @discardableResult
  func notify(through token: HistoryToken) -> Bool {
    let isNews = state.withLock { state in
      guard token.value > state.latest else { return false }
      state.latest = token.value
      return true
    }
    if isNews { notify() }
    return isNews
  }

  /// Waits until the observers are woken after `generation`, or the task is cancelled.
  func wait(after generation: UInt64) async {
    let id = state.withLock { state in
      defer { state.nextWaiter &+= 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let waits = state.withLock { state in
          // A task cancelled before its waiter was kept is not kept: its handler found nothing.
          guard state.generation == generation, !Task.isCancelled else { return false }
          state.waiters[id] = continuation
          return true
        }
        if !waits { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}
