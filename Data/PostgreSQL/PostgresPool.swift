import Dispatch
import Synchronization

/// A bounded set of connections to one server, shared by tasks: each operation borrows a
/// connection, runs on a thread of its own (libpq blocks while the server works, which must
/// not hold up Swift's cooperative threads), and gives it back.
///
/// <!-- snippet context: postgres -->
/// ```swift
/// let pool = PostgresPool(url: url, size: 8)
/// let count = try await pool.withConnection { connection in
///   try connection.query("SELECT count(*) FROM movies").int64(row: 0, column: 0) ?? 0
/// }
/// ```
///
/// Connections are opened as they are first needed, at most `size` at once; a borrower waits
/// for a free one beyond that. A connection whose link to the server broke is dropped rather
/// than given to the next borrower.
public final class PostgresPool: Sendable {
  /// The libpq connection string every connection opens.
  public let url: String
  /// The most connections open at once.
  public let size: Int
  /// How long opening a connection waits for a server that serves as many connections as it
  /// may (``PostgresError/isServerFull``), trying again, before it fails — as a write to a
  /// SQLite store waits for another writer.
  public let busyTimeout: Duration

  private struct State {
    var idle: [PooledConnection] = []
    var open = 0
    var waiters: [CheckedContinuation<PooledConnection?, Never>] = []
  }

  private let state = Mutex(State())

  /// A pool of at most `size` connections (at least one) to the server at `url`, whose
  /// openings wait up to `busyTimeout` for a full server.
  public init(url: String, size: Int, busyTimeout: Duration = .seconds(5)) {
    self.url = url
    self.size = max(1, size)
    self.busyTimeout = busyTimeout
  }

  /// Runs `body` with a connection of the pool, on a thread where blocking is allowed, and
  /// returns what it returns.
  ///
  /// - Throws: ``PostgresError`` if no connection can be opened; what `body` throws.
  public func withConnection<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) throws -> T
  ) async throws -> T {
    let pooled = try await borrow()
    let outcome = await onBlockingThread { Result { try body(pooled.connection) } }
    giveBack(pooled)
    return try outcome.get()
  }

  /// A connection: an idle one, a new one while fewer than `size` are open, or the next one
  /// given back.
  private func borrow() async throws -> PooledConnection {
    enum Next {
      case ready(PooledConnection)
      case open
      case wait
    }
    let next = state.withLock { state -> Next in
      if let idle = state.idle.popLast() { return .ready(idle) }
      if state.open < size {
        state.open += 1
        return .open
      }
      return .wait
    }
    switch next {
    case .ready(let pooled):
      return pooled
    case .open:
      return try await openInSlot()
    case .wait:
      let handed = await withCheckedContinuation { continuation in
        state.withLock { state in state.waiters.append(continuation) }
      }
      // `nil`: a slot came free instead of a connection; open one in it.
      if let handed { return handed }
      return try await openInSlot()
    }
  }

  /// Opens a connection in a slot this borrower holds; if it cannot, frees the slot for the
  /// next waiter.
  ///
  /// A server that serves as many connections as it may is asked again, after pauses that
  /// grow from 10 ms to half a second, until ``busyTimeout`` has passed.
  private func openInSlot() async throws -> PooledConnection {
    let url = self.url
    let clock = ContinuousClock()
    let deadline = clock.now + busyTimeout
    var pause = Duration.milliseconds(10)
    while true {
      let opened = await onBlockingThread {
        Result { () throws(PostgresError) in PooledConnection(try PostgresConnection(url: url)) }
      }
      do {
        return try opened.get()
      } catch  where error.isServerFull && clock.now + pause < deadline {
        try? await Task.sleep(for: pause)
        pause = min(pause * 2, .milliseconds(500))
      } catch  where error.isServerFull {
        releaseSlot()
        throw PostgresError(
          code: error.code,
          message: "the server serves as many connections as it may, and none came free within "
            + "\(busyTimeout.components.seconds) s", detail: error.message)
      } catch {
        releaseSlot()
        throw error
      }
    }
  }

  /// Takes a connection back: to the next waiter, or among the idle; a broken one, or one left
  /// inside a transaction, is closed and its slot freed.
  private func giveBack(_ pooled: PooledConnection) {
    guard pooled.connection.isUsable, pooled.connection.isIdle else {
      releaseSlot()
      return
    }
    let waiter = state.withLock { state -> CheckedContinuation<PooledConnection?, Never>? in
      if state.waiters.isEmpty {
        state.idle.append(pooled)
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.resume(returning: pooled)
  }

  /// Frees the slot of a connection that is gone (or was never opened): the next waiter opens
  /// one in it.
  private func releaseSlot() {
    let waiter = state.withLock { state -> CheckedContinuation<PooledConnection?, Never>? in
      if state.waiters.isEmpty {
        state.open -= 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.resume(returning: nil)
  }
}

/// A connection as the pool hands it from task to task.
///
/// `@unchecked Sendable` is safe: the pool gives a connection to one borrower at a time and
/// takes it back before giving it to another (the hand-over goes through the pool's lock, which
/// orders the two uses), and libpq allows a connection to be used from any thread as long as no
/// two threads use it at once.
final class PooledConnection: @unchecked Sendable {
  let connection: PostgresConnection

  init(_ connection: PostgresConnection) {
    self.connection = connection
  }
}

/// Runs `work` on a Dispatch thread, where blocking in libpq holds up none of Swift's
/// cooperative threads, and returns its result.
private func onBlockingThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: work()) }
  }
}
