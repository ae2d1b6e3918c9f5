internal import CSQLite

/// The [storage class](https://www.sqlite.org/datatype3.html) of one value in a result row.
package enum StorageClass: Sendable, CustomStringConvertible {
  /// `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer
  /// An 8-byte floating-point number.
  case real
  /// Text.
  case text
  /// Bytes.
  case blob

  /// The class of a `sqlite3_column_type` code.
  @inline(__always)
  init(code: Int32) {
    switch code {
    case SQLITE_INTEGER: self = .integer
    case SQLITE_FLOAT: self = .real
    case SQLITE_TEXT: self = .text
    case SQLITE_BLOB: self = .blob
    default: self = .null
    }
  }

  /// The class in words, as an error message names what a column holds: `an integer`, `text`, ….
  package var description: String {
    switch self {
    case .null: "NULL"
    case .integer: "an integer"
    case .real: "a real"
    case .text: "text"
    case .blob: "a blob"
    }
  }
}
