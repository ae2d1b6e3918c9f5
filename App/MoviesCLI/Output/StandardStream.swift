import Foundation

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

  /// Writes all of `text` to standard output, or says why it cannot and exits.
  static func output(_ text: String) {
    guard let error = write(text, to: STDOUT_FILENO) else { return }
    _ = write(
      "movies: error: cannot write to standard output: \(String(cString: strerror(error)))\n", to: STDERR_FILENO)
    exit(failureStatus)
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
