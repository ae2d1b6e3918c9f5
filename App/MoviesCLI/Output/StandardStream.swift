import Foundation
import Synchronization

/// Writes to the process's standard output or error with `write(2)`, every byte or a failure.
///
/// Foundation's `FileHandle.write(_:)` stops the process with a fatal error and a backtrace when
/// a write fails — a full disk (`> /dev/full`), a closed descriptor (`>&-`), a pipe whose reader
/// left while `SIGPIPE` is ignored (as some runners start programs). Output that cannot be
/// written ends the command instead with one line on standard error and status 1; a failure to
/// write standard error itself is dropped, as there is nowhere left to say it.
enum StandardStream {
  /// The status of a command whose standard output failed.
  static let failureStatus: Int32 = 1

  /// Whether a failed write is kept for the command to end on, rather than ending the process.
  private static let defers = Atomic<Bool>(false)
  /// The `errno` of the first write that failed while failures were deferred, 0 before one.
  private static let deferredError = Atomic<Int32>(0)

  /// Writes all of `text` to standard output, or says why it cannot and exits — unless
  /// failures are deferred (``deferringFailures(_:)``): then the first failure is kept, for
  /// ``failure`` to tell, and what follows it is dropped.
  static func output(_ text: String) {
    if defers.load(ordering: .relaxed) {
      guard deferredError.load(ordering: .relaxed) == 0, let error = write(text, to: STDOUT_FILENO) else { return }
      deferredError.store(error, ordering: .relaxed)
      return
    }
    guard let error = write(text, to: STDOUT_FILENO) else { return }
    _ = write("movies: error: \(failureMessage(error))\n", to: STDERR_FILENO)
    exit(failureStatus)
  }

  /// Runs `work` with failed writes to standard output deferred: the process keeps running
  /// after one, for a command that holds its store open for long (`watch`) and must close it
  /// before it ends; the command looks at ``failure`` after writing, and ends with it.
  static func deferringFailures(_ work: () async throws -> Void) async rethrows {
    deferredError.store(0, ordering: .relaxed)
    defers.store(true, ordering: .relaxed)
    defer { defers.store(false, ordering: .relaxed) }
    try await work()
  }

  /// The `errno` of the write to standard output that failed while failures were deferred,
  /// or `nil`.
  static var failure: Int32? {
    let error = deferredError.load(ordering: .relaxed)
    return error == 0 ? nil : error
  }

  /// What a failed write to standard output is reported as: `cannot write to standard
  /// output: No space left on device`.
  static func failureMessage(_ error: Int32) -> String {
    "cannot write to standard output: \(String(cString: strerror(error)))"
  }

  /// Writes all of `text` to standard error, if it can.
  static func error(_ text: String) { _ = write(text, to: STDERR_FILENO) }

  /// Writes every byte of `text` to `descriptor`, again after an interruption or a short
  /// write; the `errno` of a failure, or `nil`.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}
