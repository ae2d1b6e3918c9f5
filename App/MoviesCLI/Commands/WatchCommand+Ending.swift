import Foundation

extension WatchCommand {
  /// SIGPIPE's action before a watch set it to be ignored, put back by ``restore()``.
  struct PipeSignal {
    /// The action SIGPIPE had.
    let previous: sigaction
    /// Whether it was the default, which ends the process.
    var wasDefault: Bool {
      unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
    }

    /// Puts SIGPIPE's action back.
    func restore() {
      var previous = previous
      sigaction(SIGPIPE, &previous, nil)
    }
  }

  /// Ignores SIGPIPE, so that a reader of the output that goes away fails a write (`EPIPE`)
  /// rather than ending the process with the store open; returns the action it had.
  static func ignoringPipeSignal() -> PipeSignal {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var previous = sigaction()
    // Ignoring the signal cannot fail for SIGPIPE; the default then stays.
    sigaction(SIGPIPE, &ignore, &previous)
    return PipeSignal(previous: previous)
  }

  /// Runs `work` until it ends, or until `stopped` returns, which cancels it; `stopped` is
  /// cancelled when the work ends first.
  static func run(
    until stopped: @escaping @Sendable () async -> Void, _ work: @escaping @Sendable () async throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask(operation: work)
      group.addTask { await stopped() }
      try await group.next()
      group.cancelAll()
    }
  }

  /// Closes the command's stores, then ends the process by a signal, as it would have ended
  /// without the watch catching it: the shell sees the same status (128 + the signal).
  static func end(bySignal number: Int32, closing opened: OpenedCatalogs) -> Never {
    // A close that fails leaves the log for the next open to checkpoint, and changes no data.
    try? opened.finish(failed: false)
    signal(number, SIG_DFL)
    // The pool's threads block signals: unblocked here, the one raised is taken at once.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    exit(128 + number)
  }
}
