import Foundation
import Synchronization

extension InterruptFlag {
  /// Returns once a signal has arrived since the flag was installed (as ``check`` tells), or
  /// when the task is cancelled; usable from any task (the flag itself stays with the command
  /// that installed it).
  ///
  /// Nothing runs while it waits: one thread of the process sleeps in `poll(2)` on the signal
  /// handler's pipe, and wakes the waiting tasks only when a signal was caught — where a loop
  /// looking at the flag every 50 ms woke the process twenty times a second.
  var raised: @Sendable () async -> Void {
    { [check] in await SignalWaiters.shared.wait(until: check) }
  }
}

/// The tasks waiting for a signal, and the thread that wakes them: started by the first wait,
/// it then sleeps in `poll(2)` on ``CaughtSignals``' pipe for the life of the process.
private final class SignalWaiters: Sendable {
  static let shared = SignalWaiters()

  private struct State {
    var nextWaiter: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var isListening = false
  }

  private let state = Mutex(State())

  /// Waits until `raised` tells, looked at first and after each signal caught, or until the
  /// task is cancelled.
  func wait(until raised: @Sendable () -> Bool) async {
    startListening()
    while !Task.isCancelled {
      // Read before the look: a signal caught after it makes the count differ, and the wait
      // below returns at once.
      let seen = CaughtSignals.shared.count.load(ordering: .sequentiallyConsistent)
      if raised() { return }
      await signal(after: seen)
    }
  }

  /// Waits until a signal was caught after the `seen`th, or the task is cancelled.
  private func signal(after seen: Int) async {
    let id = state.withLock { state in
      defer { state.nextWaiter &+= 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let waits = state.withLock { state in
          // Looked at under the lock the thread takes to wake the waiters: a signal caught
          // after this look is woken for.
          guard CaughtSignals.shared.count.load(ordering: .sequentiallyConsistent) == seen, !Task.isCancelled
          else { return false }
          state.waiters[id] = continuation
          return true
        }
        if !waits { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Starts the thread that wakes the waiters, unless it runs.
  private func startListening() {
    let starts = state.withLock { state in
      defer { state.isListening = true }
      return !state.isListening
    }
    guard starts else { return }
    let thread = Thread { [self] in listen() }
    thread.name = "signal waiter"
    thread.start()
  }

  /// The thread's loop: sleeps until the handler writes to its pipe (without a pipe, for a
  /// tenth of a second), empties it, and wakes every waiter to look again.
  private func listen() -> Never {
    let descriptor = CaughtSignals.shared.readingEnd
    while true {
      var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      // A signal handled on this thread ends the poll early (EINTR), its byte already written.
      _ = poll(&wait, 1, descriptor < 0 ? 100 : -1)
      CaughtSignals.shared.drain()
      let waiters = state.withLock { state in
        defer { state.waiters.removeAll() }
        return Array(state.waiters.values)
      }
      for waiter in waiters { waiter.resume() }
    }
  }
}
