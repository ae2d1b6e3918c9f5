internal import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure reported by SQLite, with everything needed to understand it.
///
/// It carries SQLite's extended [result code](https://www.sqlite.org/rescode.html), SQLite's own
/// message, and the SQL that failed, when there was one. Its ``description`` is the message
/// alone, for people; ``debugDescription`` adds the code and the SQL, for developers.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The extended result code, such as `SQLITE_CONSTRAINT_PRIMARYKEY` (1555).
  public let extendedCode: Int32
  /// SQLite's message.
  public let message: String
  /// The SQL that failed, if the failure came from a statement.
  public let sql: String?
  /// The system's `errno` behind an I/O failure or a file that could not be opened
  /// ([sqlite3_system_errno](https://www.sqlite.org/c3ref/system_errno.html)), such as `ENOSPC`;
  /// 0 for any other failure, or when SQLite did not tell.
  public let systemErrno: Int32

  /// Creates an error.
  public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// The primary result code, such as `SQLITE_CONSTRAINT` (19).
  public var code: Int32 { extendedCode & 0xFF }

  /// Whether another connection held a lock for longer than the connection waits
  /// (`SQLITE_BUSY`).
  public var isBusy: Bool { code == SQLITE_BUSY }

  /// What made a query fail while it ran, for a row on which Swift would trap (an integer
  /// overflow, a division by zero, `!` of nil): the message of one of the engine's Swift
  /// functions; `nil` for any other failure.
  public var predicateFailure: String? {
    guard code == SQLITE_ERROR else { return nil }
    return [SwiftFunctions.overflow, SwiftFunctions.divisionByZero, SwiftFunctions.unwrappedNil].first {
      message == $0
    }
  }

  /// Whether the disk had no room for what SQLite had to write: `SQLITE_FULL`, or an I/O
  /// failure or a file that could not be created whose system error is `ENOSPC` (SQLite reports
  /// a `-shm` that cannot grow on a full disk as an I/O error).
  public var isDiskFull: Bool {
    code == SQLITE_FULL || (systemErrno == ENOSPC && (code == SQLITE_IOERR || code == SQLITE_CANTOPEN))
  }

  /// Whether a constraint (unique, not null, foreign key, check) rejected a change.
  public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

  /// Whether a foreign key rejected a change: `SQLITE_CONSTRAINT_FOREIGNKEY`, or the
  /// `SQLITE_CONSTRAINT_TRIGGER` that an `ON DELETE RESTRICT` action reports.
  public var isForeignKeyViolation: Bool {
    extendedCode == 787 || (extendedCode == 1811 && message.hasPrefix("FOREIGN KEY"))
  }

  /// Whether SQLite could not open a file, or found it could only read one it must write
  /// (`SQLITE_CANTOPEN`, `SQLITE_READONLY` and their extended codes).
  package var isFileAccessFailure: Bool { code == SQLITE_CANTOPEN || code == SQLITE_READONLY }

  /// Whether SQLite found the file is no database it can read (`SQLITE_NOTADB`): another kind of
  /// file, or one whose first pages are damaged or encrypted.
  package var isNotADatabase: Bool { code == SQLITE_NOTADB }

  /// SQLite's message, such as `database disk image is malformed`: no SQL, no code.
  public var description: String { message }

  /// A one-line description for developers: message, code and SQL.
  public var debugDescription: String {
    let name = sqlite3_errstr(extendedCode).map { String(cString: $0) } ?? "error"
    var text = "\(message) (\(name), code \(extendedCode))"
    if let sql { text += " in: \(sql)" }
    return text
  }

  /// Creates the error for a result code, reading the message from a connection.
  init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    let message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
    // The connection's code can be stale when the failing call did not set it.
    let useExtended = extended & 0xFF == code & 0xFF ? extended : code
    // Only a failure of the file system has an errno of its own; any other's would be stale.
    let primary = useExtended & 0xFF
    let fileFailure = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_FULL
    let systemErrno = fileFailure ? connection.map { sqlite3_system_errno($0) } ?? 0 : 0
    self.init(extendedCode: useExtended, message: message, sql: sql, systemErrno: systemErrno)
  }
}
