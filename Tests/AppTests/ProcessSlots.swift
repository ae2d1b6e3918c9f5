import Synchronization

/// A bound on the `movies` processes the tests wait for at once: a slot is taken before a run
/// and given back after it, and a run without a free slot waits for one, in turn.
final class ProcessSlots: Sendable {
  /// The slots the tests share.
  static let shared = ProcessSlots(count: 3)

  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>

  private init(count: Int) {
    state = Mutex(State(free: count))
  }

  /// Takes a slot, waiting for one to be given back when none is free.
  func take() async {
    await withCheckedContinuation { continuation in
      let resume = state.withLock { state -> Bool in
        guard state.free > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.free -= 1
        return true
      }
      if resume { continuation.resume() }
    }
  }

  /// Gives a slot back: to the run that has waited longest, or to the free ones.
  func give() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
