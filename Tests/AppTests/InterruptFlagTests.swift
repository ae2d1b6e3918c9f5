import Foundation
import Testing

@testable import MoviesCLI

/// The flag long commands check for Ctrl-C and `kill`, in this process: a signal sent but not
/// yet handled by any thread counts, and is taken before the default action comes back; a
/// wait for the flag ends when a signal is caught, or when its task is cancelled. One at a
/// time: a signal caught raises every flag installed.
@Suite("InterruptFlag: a signal not yet handled", .serialized)
struct InterruptFlagTests {
  @Test func aSignalNotYetHandledIsSeenByTheCheckAndTakenBeforeTheDefaultComesBack() {
    var term = sigset_t()
    sigemptyset(&term)
    sigaddset(&term, SIGTERM)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &term, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let flag = InterruptFlag()
    #expect(!flag.isRaised)
    // Sent to this thread, which blocks it: pending, as a signal is until the thread the kernel
    // chose for it runs its handler.
    pthread_kill(pthread_self(), SIGTERM)
    #expect(flag.isRaised)
    #expect(InterruptFlag.received == SIGTERM, "the exit status needs it before the handler runs")
    flag.remove()
    var pending = sigset_t()
    sigpending(&pending)
    let left = sigismember(&pending, SIGTERM) == 1
    #expect(!left, "taken before the default came back")
    // Left pending, it would end this process when the thread unblocks it.
    var now = timespec(tv_sec: 0, tv_nsec: 0)
    if left { _ = sigtimedwait(&term, nil, &now) }
  }

  /// A task waiting for the flag is woken by the signal's handler, through its pipe.
  @Test(.timeLimit(.minutes(1))) func aWaitForTheFlagEndsWhenASignalIsCaught() async {
    let flag = InterruptFlag()
    defer { flag.remove() }
    let raised = flag.raised
    let waiting = Task { await raised() }
    // Sent to a thread of its own that takes it: handled there, by the handler, before
    // `pthread_kill` returns. (A thread of the pool blocks signals: one sent to it would stay
    // pending there, for no handler and no other thread to see.) SIGTERM, as the other test
    // sends, so that the first signal this process caught is SIGTERM whichever runs first.
    Thread {
      var term = sigset_t()
      sigemptyset(&term)
      sigaddset(&term, SIGTERM)
      pthread_sigmask(SIG_UNBLOCK, &term, nil)
      pthread_kill(pthread_self(), SIGTERM)
    }.start()
    await waiting.value
    #expect(flag.isRaised)
  }

  /// A wait for a flag never raised ends when its task is cancelled.
  @Test(.timeLimit(.minutes(1))) func aWaitForTheFlagEndsWhenItsTaskIsCancelled() async {
    let flag = InterruptFlag()
    defer { flag.remove() }
    let raised = flag.raised
    let waiting = Task { await raised() }
    waiting.cancel()
    await waiting.value
    #expect(!flag.isRaised)
  }
}
