import PostgresCore
import Synchronization

extension PostgresHistoryObserver {
  /// An iterator's listener on the history's channel, stopped when the iterator goes: each
  /// notice of a commit wakes its waiter (``CommitSignal``), which may also wait at most a while.
  final class Listening: Sendable {
    /// How the listener's notifications ended, once they did.
    private enum Ending {
      /// Stopped: the iterator is going.
      case stopped
      /// The connection broke.
      case failed(any Error)
    }

    /// What the forwarding task tells the waiter.
    private final class Heard: Sendable {
      let signal = CommitSignal()
      let ending = Mutex<Ending?>(nil)

      /// Records how the notifications ended, and wakes the waiter to find out.
      func end(_ how: Ending) {
        ending.withLock { $0 = $0 ?? how }
        signal.notify()
      }
    }

    private let listener: PostgresListener
    private let heard = Heard()
    /// Takes the notifications as they arrive, asleep between them.
    private let forwarding: Task<Void, Never>

    init(url: String) throws {
      let listener = try PostgresListener(url: url, channels: [PostgresHistory.channel])
      let heard = heard
      forwarding = Task {
        do {
          for try await _ in listener.notifications { heard.signal.notify() }
          heard.end(.stopped)
        } catch {
          heard.end(.failed(error))
        }
      }
      self.listener = listener
    }

    deinit {
      listener.stop()
      forwarding.cancel()
    }

    /// How many notices were heard: a count to wait after.
    var generation: UInt64 { heard.signal.generation }

    /// Waits for a notice heard after `generation`, for at most `limit` when one is given; returns
    /// at once when the task is cancelled.
    ///
    /// - Throws: The connection's error once it broke; `CancellationError` once the listener
    ///   stopped.
    func wait(after generation: UInt64, atMost limit: Duration? = nil) async throws {
      try checkEnding()
      if let limit {
        let signal = heard.signal
        await withTaskGroup(of: Void.self) { group in
          group.addTask { await signal.wait(after: generation) }
          group.addTask { try? await Task.sleep(for: limit) }
          await group.next()
          group.cancelAll()
        }
      } else {
        await heard.signal.wait(after: generation)
      }
      try checkEnding()
    }

    private func checkEnding() throws {
      switch heard.ending.withLock({ $0 }) {
      case nil: return
      case .stopped: throw CancellationError()
      case .failed(let error): throw error
      }
    }
  }
}
