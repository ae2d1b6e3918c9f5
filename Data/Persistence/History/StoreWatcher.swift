import Dispatch
import Foundation
import Synchronization

/// Finds the commits other processes make to a store's file, and wakes the store's observers
/// through its ``CommitSignal``: one per store, shared by all its observers, running while at
/// least one holds a ``Lease``.
///
/// It runs on a thread of its own, never on Swift's cooperative pool, blocked in `poll(2)`
/// until the kernel says the store's files changed (``FileEvents``, Linux's inotify) or, where
/// that is not available, until the shortest interval its observers asked for passes. A change
/// is confirmed by reading the store's newest history token before anyone is woken, so a
/// checkpoint costs a few short reads and wakes no observer, and another file of the folder
/// costs none. A committing process writes its log before the commit is visible to readers, so
/// a change the kernel told of but the token does not show yet is looked for again after 1 ms,
/// then less and less often, for about a second; a commit that takes longer than that to become
/// visible after its log was written (a sync stalled that long) is heard with the next change.
final class StoreWatcher: Sendable {
  private struct State {
    /// The fallback interval each lease asked for.
    var intervals: [UInt64: Duration] = [:]
    var nextLease: UInt64 = 0
    var run: WatchThread?
    /// Closed with its store: no lease starts it again.
    var isClosed = false
  }

  /// The real path of the store's file.
  private let path: String
  /// Whether the kernel's file events are used; off, the store is checked at an interval.
  private let usesFileEvents: Bool
  private let state = Mutex(State())

  /// A watcher of the store file at `path`.
  init(path: String, usesFileEvents: Bool) {
    self.path = path
    self.usesFileEvents = usesFileEvents
  }

  /// One observer's hold on the watch: the watch stops when the last lease goes.
  final class Lease: Sendable {
    private let watcher: StoreWatcher
    private let id: UInt64

    fileprivate init(watcher: StoreWatcher, id: UInt64) {
      self.watcher = watcher
      self.id = id
    }

    deinit { watcher.release(id) }
  }

  /// Holds the watch, starting it if none runs; `check` looks at the store, wakes its observers
  /// if something changed, and returns what it saw (nil: the store could not be read).
  ///
  /// - Returns: The lease, or nil once the watcher is closed.
  func lease(interval: Duration, check: @escaping @Sendable () -> Int64?) -> Lease? {
    let (lease, run, isNew) = state.withLock { state -> (Lease?, WatchThread?, Bool) in
      guard !state.isClosed else { return (nil, nil, false) }
      let id = state.nextLease
      state.nextLease &+= 1
      state.intervals[id] = interval
      if let run = state.run { return (Lease(watcher: self, id: id), run, false) }
      let run = WatchThread()
      state.run = run
      return (Lease(watcher: self, id: id), run, true)
    }
    if isNew {
      run?.start(path: usesFileEvents ? path : nil, interval: { [self] in fallbackInterval }, check: check)
    } else {
      // A shorter interval takes effect at once.
      run?.wake()
    }
    return lease
  }

  /// Stops the watch for good: its store is closing.
  func close() {
    state.withLock { state in
      state.isClosed = true
      defer { state.run = nil }
      return state.run
    }?.stop()
  }

  private func release(_ id: UInt64) {
    state.withLock { state -> WatchThread? in
      state.intervals[id] = nil
      guard state.intervals.isEmpty else { return nil }
      defer { state.run = nil }
      return state.run
    }?.stop()
  }

  /// The shortest interval the leases asked for.
  fileprivate var fallbackInterval: Duration {
    state.withLock { $0.intervals.values.min() } ?? .milliseconds(50)
  }
}

/// One run of a store's watch: its thread, the pipe that wakes it, and the flag that stops it.
private final class WatchThread: Sendable {
  private let stopping = Atomic<Bool>(false)
  /// Written to wake the thread; nil if no pipe could be made, when the thread notices
  /// ``stopping`` within an interval.
  private let wakePipe: (read: Int32, write: Int32)?
  private let finished = DispatchSemaphore(value: 0)

  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
      wakePipe = (ends[0], ends[1])
    } else {
      wakePipe = nil
    }
  }

  /// Starts the thread — with file events on `path`, or at `interval` without a path — and
  /// returns once its file events are watched: a commit after that is not missed.
  func start(path: String?, interval: @escaping @Sendable () -> Duration, check: @escaping @Sendable () -> Int64?) {
    let ready = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      // In a scope of its own: the file events' descriptor is closed before `stop` is told the
      // thread is done (a local lives to the end of its scope, after the signal below).
      do {
        let events = path.flatMap(FileEvents.init(watching:))
        ready.signal()
        watch(events: events, interval: interval, check: check)
      }
      if let wakePipe {
        close(wakePipe.read)
        close(wakePipe.write)
      }
      finished.signal()
    }
    thread.name = "store watcher"
    thread.start()
    ready.wait()
  }

  /// Wakes the thread, to read the interval again or to stop.
  func wake() {
    guard let wakePipe else { return }
    var byte: UInt8 = 1
    _ = write(wakePipe.write, &byte, 1)
  }

  /// Stops the thread, and waits for it to close its descriptors when it can be woken.
  func stop() {
    stopping.store(true, ordering: .releasing)
    guard wakePipe != nil else { return }
    wake()
    finished.wait()
  }

  /// The thread's loop: waits for file events or the interval, checks the store, and after an
  /// event the check did not confirm, checks again after 1, 1, 1, 1, 2, 4, … 512 ms.
  private func watch(events: FileEvents?, interval: () -> Duration, check: () -> Int64?) {
    var events = events
    var mark = check()
    var retries = 0
    while !stopping.load(ordering: .acquiring) {
      let timeout =
        events == nil ? Self.milliseconds(interval()) : retries == 0 ? -1 : Int32(1 << max(0, retries - 4))
      var descriptors = [wakePipe?.read ?? -1, events?.descriptor ?? -1].map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if stopping.load(ordering: .acquiring) { break }
      if ready < 0 {
        // Only an interrupted wait or a kernel short of memory: wait the interval out, not spin.
        if errno != EINTR { usleep(UInt32(Self.milliseconds(interval())) * 1000) }
        continue
      }
      if descriptors[0].revents != 0, let wakePipe { Self.empty(wakePipe.read) }
      var looks = ready == 0
      var told = false
      if let watching = events, descriptors[1].revents != 0 {
        switch watching.drain() {
        case .unrelated: break
        case .store: told = true
        case .lost:
          events = nil
          looks = true
        }
      }
      guard looks || told else { continue }
      let now = check()
      if now != mark || now == nil {
        retries = 0
      } else if told {
        retries = 1
      } else if retries > 0 {
        retries = retries < 13 ? retries + 1 : 0
      }
      mark = now
    }
  }

  private static func milliseconds(_ interval: Duration) -> Int32 {
    let (seconds, attoseconds) = interval.components
    return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
  }

  private static func empty(_ descriptor: Int32) {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(descriptor, &bytes, bytes.count) > 0 {}
  }
}

extension Store {
  /// Holds the watch for other processes' commits to this store, started if none runs; nil for
  /// a store in memory, which no other process sees. Without file events the store is checked
  /// every `interval` (the shortest any holder asked for).
  func watchForCommits(interval: Duration) -> StoreWatcher.Lease? {
    watcher?.lease(interval: interval) { [self] in lookForCommits() }
  }

  /// Wakes the observers if the newest history token is one they have not been told of, or if
  /// the store cannot be read (they meet the error themselves when they look).
  ///
  /// - Returns: The newest token's number (0 for none), or nil if the store cannot be read.
  private func lookForCommits() -> Int64? {
    do {
      try checkFileInPlace()
      let latest = try read { try HistoryLog.latestToken(on: $0.connection) }
      if let latest { commits.notify(through: latest) }
      return latest?.value ?? 0
    } catch {
      commits.notify()
      return nil
    }
  }
}
