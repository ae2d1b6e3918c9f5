import Foundation
import Synchronization

/// What the signal handler of ``InterruptFlag`` writes: lock-free atomics and one byte on a pipe
/// of its own (a self-pipe), each safe to use inside a signal handler, all made before any
/// handler is installed.
///
/// The pipe is how a thread asleep in `poll(2)` hears of a signal at once, without looking at
/// an interval: ``InterruptFlag`` waits on ``readingEnd``.
final class CaughtSignals: Sendable {
  static let shared = CaughtSignals()
  /// The first signal caught, 0 before one.
  let first = Atomic<Int32>(0)
  /// How many signals were caught.
  let count = Atomic<Int>(0)
  /// The pipe's ends, both non-blocking (a handler never waits on a full pipe) and closed on
  /// `exec`; -1 each when no pipe could be made, and a waiter then looks at an interval.
  private let ends: (reading: Int32, writing: Int32)

  private init() {
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      }
      ends = (fds[0], fds[1])
    } else {
      ends = (-1, -1)
    }
  }

  /// The end a waiting thread polls, readable once a signal was recorded since it was last
  /// drained; -1 without a pipe.
  var readingEnd: Int32 { ends.reading }

  /// Records a signal, from its handler or from a look that found it pending, and wakes a
  /// thread waiting on ``readingEnd``: the count changes before the byte is written, so a
  /// waiter woken by the byte sees it.
  func record(_ number: Int32) {
    _ = first.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    count.add(1, ordering: .sequentiallyConsistent)
    guard ends.writing >= 0 else { return }
    // The code the interrupted thread was reading stays as it was.
    let saved = errno
    var byte: UInt8 = 0
    // A full pipe (EAGAIN) already holds a byte that wakes the waiter: nothing is lost.
    _ = write(ends.writing, &byte, 1)
    errno = saved
  }

  /// Reads every byte waiting on the pipe, so that the next `poll` sleeps until the next signal.
  func drain() {
    guard ends.reading >= 0 else { return }
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(ends.reading, &bytes, bytes.count) > 0 {}
  }
}
