import Dispatch
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
final class InterruptFlag {
  /// The signals caught.
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// The first signal caught by any flag in this process, 0 before one; safe to read from any
  /// thread. Its exit status is 128 plus the signal, as shells report a process it ended.
  static var received: Int32 { Self.first.value.load(ordering: .relaxed) }

  /// A signal number, set from a signal source's thread and read from any other.
  private final class Cell: Sendable {
    let value = Atomic<Int32>(0)
  }

  /// Where ``received`` is kept.
  private static let first = Cell()
  /// The first signal this flag caught, 0 before one.
  private let raised = Cell()
  /// The signal sources, one a signal caught.
  private let sources: [any DispatchSourceSignal]

  /// Starts catching the signals the process does not ignore.
  init() {
    var sources: [any DispatchSourceSignal] = []
    for number in Self.signals where number == SIGTERM || !Self.isIgnored(number) {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [raised, first = Self.first] in
        _ = first.value.compareExchange(expected: 0, desired: number, ordering: .relaxed)
        _ = raised.value.compareExchange(expected: 0, desired: number, ordering: .relaxed)
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  /// Whether a signal has arrived.
  var isRaised: Bool { raised.value.load(ordering: .relaxed) != 0 }

  /// Tells whether a signal has arrived, from any task or thread (the flag itself stays with
  /// the command that installed it).
  var check: @Sendable () -> Bool { { [raised] in raised.value.load(ordering: .relaxed) != 0 } }

  /// Stops catching the signals; they end the process again.
  func remove() {
    for source in sources {
      source.cancel()
      signal(Int32(source.handle), SIG_DFL)
    }
  }

  /// Whether the process ignores a signal now (it was started so, or set so since).
  private static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
