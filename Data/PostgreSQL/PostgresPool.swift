import Dispatch
import Foundation
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
  /// The statement each connection runs as it opens, if any.
  public let setUp: String?

  private struct State {
    var idle: [PooledConnection] = []
    var open = 0
    var waiters: [PoolWaiter] = []
    var closed = false
  }

  private let state = Mutex(State())

  /// A pool of at most `size` connections (at least one) to the server at `url`, whose
  /// openings wait up to `busyTimeout` for a full server.
  ///
  /// `setUp`, when given, runs on each connection as it opens (a `SET` of the session).
  public init(url: String, size: Int, busyTimeout: Duration = .seconds(5), setUp: String? = nil) {
    self.url = url
    self.size = max(1, size)
    self.busyTimeout = busyTimeout
    self.setUp = setUp
  }

  /// Runs `body` with a connection of the pool, on a thread where blocking is allowed, and
  /// returns what it returns.
  ///
  /// The wait for a free connection, the body and the connection's return all happen on that
  /// thread, so a connection is never held by a task waiting for one of Swift's cooperative
  /// threads: callers blocked in ``withConnectionNow(_:)`` on those threads cannot starve the
  /// borrowers they wait for.
  ///
  /// - Throws: ``PostgresError`` if no connection can be opened; what `body` throws.
  public func withConnection<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) throws -> T
  ) async throws -> T {
    try await onBlockingThread { Result { try self.withConnectionNow(body) } }.get()
  }

  /// Runs `body` with a connection of the pool on the calling thread, which waits — blocked —
  /// for a free connection, and returns what `body` returns: for synchronous callers, such as
  /// a context's `save()`, that block their thread as a write to a SQLite file does.
  ///
  /// - Throws: ``PostgresError`` if no connection can be opened; what `body` throws.
  public func withConnectionNow<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    let pooled = try borrowNow()
    defer { giveBack(pooled) }
    return try body(pooled.connection)
  }

  /// Closes the pool: its idle connections now, each borrowed one when it is given back; a
  /// borrower waiting is handed a free slot and fails, as every later borrower does.
  public func close() {
    let (idle, waiters) = state.withLock { state in
      state.closed = true
      defer {
        state.open -= state.idle.count
        state.idle.removeAll()
        state.waiters.removeAll()
      }
      return (state.idle, state.waiters)
    }
    // Each connection closes as its last reference goes.
    _ = idle
    for waiter in waiters { waiter.hand(nil) }
  }

  /// Whether ``close()`` was called: a waiter then handed no connection holds no slot.
  private var isClosed: Bool { state.withLock { $0.closed } }

  /// The error of a borrower of a closed pool.
  private static var closedError: PostgresError {
    PostgresError(code: nil, message: "the connection pool was closed")
  }

  /// What a borrower does next: take an idle connection, open one in a free slot, or wait.
  private enum Next {
    case ready(PooledConnection)
    case open
    case wait
    case closed
  }

  /// Takes an idle connection, or a free slot, or neither.
  private func takeNext() -> Next {
    state.withLock { state -> Next in
      if state.closed { return .closed }
      if let idle = state.idle.popLast() { return .ready(idle) }
      if state.open < size {
        state.open += 1
        return .open
      }
      return .wait
    }
  }

  /// A connection: an idle one, a new one while fewer than `size` are open, or the next one
  /// given back, waited for on the calling thread.
  private func borrowNow() throws -> PooledConnection {
    switch takeNext() {
    case .closed:
      throw Self.closedError
    case .ready(let pooled):
      return pooled
    case .open:
      return try openInSlotNow()
    case .wait:
      let waiter = PoolWaiter()
      state.withLock { state in state.waiters.append(waiter) }
      if let handed = waiter.wait() { return handed }
      if isClosed { throw Self.closedError }
      return try openInSlotNow()
    }
  }

  /// Opens a connection in a slot this borrower holds, on the calling thread; if it cannot,
  /// frees the slot for the next waiter.
  ///
  /// A server that serves as many connections as it may is asked again, after pauses that
  /// grow from 10 ms to half a second, until ``busyTimeout`` has passed.
  private func openInSlotNow() throws -> PooledConnection {
    var attempts = OpeningAttempts(busyTimeout: busyTimeout)
    while true {
      let opened = Result { () throws(PostgresError) in
        let connection = try PostgresConnection(url: url)
        if let setUp { try connection.execute(setUp) }
        return PooledConnection(connection)
      }
      switch attempts.next(after: opened) {
      case .opened(let pooled): return pooled
      case .pause(let pause): Thread.sleep(forTimeInterval: pause.seconds)
      case .failed(let error):
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
    let waiter = state.withLock { state -> PoolWaiter? in
      if state.closed {
        state.open -= 1
        return nil
      }
      if state.waiters.isEmpty {
        state.idle.append(pooled)
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.hand(pooled)
  }

  /// Frees the slot of a connection that is gone (or was never opened): the next waiter opens
  /// one in it.
  private func releaseSlot() {
    let waiter = state.withLock { state -> PoolWaiter? in
      if state.waiters.isEmpty {
        state.open -= 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    waiter?.hand(nil)
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
///
/// The work runs on a serial queue of its own, which Dispatch serves from its overcommitting
/// threads: a thread is added when the others are blocked — in libpq, or waiting for a
/// connection — where the global queue would stop at one thread a core and leave the work
/// that would free a connection waiting behind the work that waits for one.
private func onBlockingThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue(label: "PostgresPool").async { continuation.resume(returning: work()) }
  }
}
