import Dispatch
import Foundation
import Synchronization

/// Turns Ctrl-C (SIGINT) into a flag that long work checks between steps, so that it can roll
/// back and exit cleanly instead of dying mid-way.
///
/// While the flag is installed, SIGINT no longer ends the process; ``remove()`` restores the
/// default, so a second Ctrl-C after the work ends behaves as usual.
final class InterruptFlag {
  /// Set once SIGINT arrives; safe to read from any thread.
  private final class Raised: Sendable {
    let value = Atomic<Bool>(false)
  }

  private let raised = Raised()
  private let source: any DispatchSourceSignal

  /// Starts catching SIGINT.
  init() {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [raised] in raised.value.store(true, ordering: .relaxed) }
    source.resume()
  }

  /// Whether SIGINT has arrived.
  var isRaised: Bool { raised.value.load(ordering: .relaxed) }

  /// Stops catching SIGINT; it ends the process again.
  func remove() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
