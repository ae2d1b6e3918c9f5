import Foundation
import Synchronization

/// Turns Ctrl-C (SIGINT), a `kill` (SIGTERM) and a closed terminal (SIGHUP) into a flag that
/// long work checks between steps, so that it can roll back and exit cleanly instead of dying
/// mid-way — leaving no half-created store behind.
///
/// While the flag is installed, those signals no longer end the process; ``remove()`` restores
/// the default, so a second Ctrl-C after the work ends behaves as usual. SIGINT or SIGHUP that
/// the process was started with ignored stays ignored (a background job started by a shell
/// script ignores SIGINT, `nohup` SIGHUP), as `movies watch` and other programs keep them;
/// SIGTERM, which nothing ignores on purpose, is always caught.
///
/// The signals are caught by a handler of the process's own (`sigaction`), in place when
/// `init` returns: a signal source of Dispatch is armed later, on Dispatch's own thread, and a
/// signal that came before — with the signal already set to be ignored — was lost, so a `kill`
/// right after an import began let it run to the end (seen under load). The handler records the
/// signal in ``CaughtSignals``, whose pipe wakes a task waiting for the flag (``raised``) with
/// no interval to look at.
final class InterruptFlag {
  /// The signals caught.
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// The first signal caught by any flag in this process, 0 before one; safe to read from any
  /// thread. Its exit status is 128 plus the signal, as shells report a process it ended.
  static var received: Int32 { CaughtSignals.shared.first.load(ordering: .relaxed) }

  /// How many signals had been caught when this flag was installed.
  private let baseline: Int
  /// The signals this flag installed its handler for.
  private let installed: [Int32]

  /// Starts catching the signals the process does not ignore.
  init() {
    // Made before the handler can run: a handler must not be the first to touch a global.
    let caught = CaughtSignals.shared
    baseline = caught.count.load(ordering: .relaxed)
    var installed: [Int32] = []
    for number in Self.signals where number == SIGTERM || !Self.isIgnored(number) {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in CaughtSignals.shared.record(number) }
      sigemptyset(&action.sa_mask)
      // A blocking read goes on after the handler, as it did with the signal ignored: the
      // work notices the flag at its next step.
      action.sa_flags = SA_RESTART
      if sigaction(number, &action, nil) == 0 { installed.append(number) }
    }
    self.installed = installed
  }

  /// Whether a signal has arrived since the flag was installed.
  var isRaised: Bool { check() }

  /// Tells whether a signal has arrived, from any task or thread (the flag itself stays with
  /// the command that installed it).
  ///
  /// A signal sent is not yet handled: the kernel hands it to one thread — usually the main
  /// thread, asleep while the work runs elsewhere — and its handler runs only once that thread
  /// is scheduled. On a busy machine the work could pass its last check before then, commit,
  /// and exit 0 after a `kill` (seen in CI). So a signal still pending for the process counts
  /// as arrived too.
  var check: @Sendable () -> Bool {
    { [baseline, installed] in
      CaughtSignals.shared.count.load(ordering: .relaxed) > baseline || Self.isPending(installed)
    }
  }

  /// Stops catching the signals; they end the process again.
  ///
  /// A signal sent while the flag was installed and not yet handled — one ``check`` found
  /// pending, say, on its way to a thread not yet scheduled — is taken first, as the handler
  /// would have taken it: delivered after the default is back, it would end the process
  /// before the work it stopped could say so (seen under load).
  func remove() {
    var set = Self.set(of: installed)
    var previous = sigset_t()
    guard pthread_sigmask(SIG_BLOCK, &set, &previous) == 0 else {
      for number in installed { signal(number, SIG_DFL) }
      return
    }
    var now = timespec(tv_sec: 0, tv_nsec: 0)
    while case let number = sigtimedwait(&set, nil, &now), number > 0 {
      CaughtSignals.shared.record(number)
    }
    for number in installed { signal(number, SIG_DFL) }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// The set of the given signals.
  private static func set(of signals: [Int32]) -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    return set
  }

  /// Whether one of the signals was sent to the process and not yet handled by any thread.
  ///
  /// `sigpending` reports only the signals the calling thread blocks, so they are blocked for
  /// the moment of the look; one still pending when they are unblocked is handled here then.
  /// A pending signal is recorded at once, as its handler will record it again.
  private static func isPending(_ signals: [Int32]) -> Bool {
    guard !signals.isEmpty else { return false }
    var set = Self.set(of: signals)
    var previous = sigset_t()
    guard pthread_sigmask(SIG_BLOCK, &set, &previous) == 0 else { return false }
    var pending = sigset_t()
    let looked = sigpending(&pending) == 0
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    guard looked, let number = signals.first(where: { sigismember(&pending, $0) == 1 }) else { return false }
    // Its handler may not have run yet: the exit status needs the signal now.
    CaughtSignals.shared.record(number)
    return true
  }

  /// Whether the process ignores a signal now (it was started so, or set so since).
  private static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
