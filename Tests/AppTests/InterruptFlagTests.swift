import Foundation
import Testing

@testable import MoviesCLI

/// The flag long commands check for Ctrl-C and `kill`, in this process: a signal sent but not
/// yet handled by any thread counts, and is taken before the default action comes back.
@Suite("InterruptFlag: a signal not yet handled")
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
}
