import Dispatch
import Synchronization

/// A thread blocked until the pool hands it a connection given back, or `nil` for a slot come
/// free, in which it opens one.
final class PoolWaiter: Sendable {
  private let handed = Mutex<PooledConnection??>(nil)
  private let woken = DispatchSemaphore(value: 0)

  /// Blocks until ``hand(_:)`` is called, and returns what it was handed.
  func wait() -> PooledConnection? {
    woken.wait()
    return handed.withLock { $0 ?? nil }
  }

  /// Gives the waiting thread a connection, or a free slot, and wakes it.
  func hand(_ pooled: PooledConnection?) {
    handed.withLock { $0 = .some(pooled) }
    woken.signal()
  }
}

/// The attempts to open one connection: a server that serves as many connections as it may
/// is asked again, after pauses that grow from 10 ms to half a second, until the pool's busy
/// timeout has passed.
struct OpeningAttempts {
  /// What to do after an attempt.
  enum Next {
    case opened(PooledConnection)
    case pause(Duration)
    case failed(PostgresError)
  }

  private let busyTimeout: Duration
  private let clock = ContinuousClock()
  private let deadline: ContinuousClock.Instant
  private var pause = Duration.milliseconds(10)

  init(busyTimeout: Duration) {
    self.busyTimeout = busyTimeout
    deadline = clock.now + busyTimeout
  }

  /// What follows an attempt that ended with `opened`.
  mutating func next(after opened: Result<PooledConnection, PostgresError>) -> Next {
    switch opened {
    case .success(let pooled):
      return .opened(pooled)
    case .failure(let error) where error.isServerFull && clock.now + pause < deadline:
      defer { pause = min(pause * 2, .milliseconds(500)) }
      return .pause(pause)
    case .failure(let error) where error.isServerFull:
      return .failed(
        PostgresError(
          code: error.code,
          message: "the server serves as many connections as it may, and none came free within "
            + "\(busyTimeout.components.seconds) s", detail: error.message))
    case .failure(let error):
      return .failed(error)
    }
  }
}

extension Duration {
  /// The duration in seconds, as Foundation's time intervals count them.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
