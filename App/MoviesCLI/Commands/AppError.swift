import Foundation

/// A failure of the app itself, outside the catalog's rules and the store.
enum AppError: Error, Equatable, CustomStringConvertible {
  /// A file named on the command line cannot be used.
  case unreadableFile(String, String)
  /// A file named on the command line cannot be written; what was there is unchanged.
  case unwritableFile(String, String)
  /// The person declined a confirmation, or none could be asked.
  case notConfirmed(String)
  /// Standard output could not be written (the `errno` of the failure), which ended a command
  /// that keeps running after the failure (``StandardStream/deferringFailures(_:)``).
  case unwritableOutput(Int32)
  /// Ctrl-C (or SIGTERM, SIGHUP: ``InterruptFlag``) stopped the named work, which was rolled
  /// back.
  case interrupted(String)
  /// Ctrl-C (or SIGTERM, SIGHUP) stopped an export to the named stream (standard output, a
  /// FIFO, a device), which had been sent part of it: a stream cannot take output back.
  case interruptedStream(String)
  /// The store file is no catalog this app can read (another program's file, a newer
  /// catalog), so `store check` repairs nothing in it.
  case notACatalog(String)
  /// A command that works on a store file was pointed at a PostgreSQL database.
  case needsStoreFile(command: String)

  /// The exit status for an interrupted command, as shells report a process ended by the
  /// signal that stopped it: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
  static var interruptedStatus: Int32 { 128 + (InterruptFlag.received == 0 ? SIGINT : InterruptFlag.received) }

  var description: String {
    switch self {
    case .unreadableFile(let path, let reason): "cannot read '\(path)': \(reason)"
    case .unwritableFile(let path, let reason): "cannot write '\(path)': \(reason)"
    case .unwritableOutput(let error): StandardStream.failureMessage(error)
    case .notConfirmed(let message): message
    case .interrupted(let work): "interrupted; \(work) changed nothing"
    case .interruptedStream(let stream): "interrupted; the export to \(stream) stopped, and what it sent stays sent"
    case .notACatalog(let path):
      "'\(path)' is not a movies catalog this version of movies can read: no repair applies, and nothing in it "
        + "was changed (do --store and MOVIES_STORE name the right file?)"
    case .needsStoreFile(let command):
      "`movies \(command)` works on a store file; --store (or MOVIES_STORE) names a PostgreSQL database"
    }
  }
}
