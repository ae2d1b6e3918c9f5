/// How a Swift value is stored in a column.
///
/// Each kind maps to one SQLite storage class; the mapping is fixed, so a column's values can
/// be compared and sorted in SQL exactly as in Swift.
package enum ValueKind: String, Sendable, Hashable {
  /// `Bool`, stored as the integer 0 or 1.
  case bool
  /// Any fixed-width integer, stored as a 64-bit integer.
  case integer
  /// `Double` or `Float`, stored as a real.
  case real
  /// `String`, stored as UTF-8 text.
  case text
  /// `Data`, stored as a blob (an empty `Data` is an empty blob, not `NULL`).
  case blob
  /// `Date`, stored as a real: seconds since 2001-01-01 00:00:00 UTC, exactly as `Date` holds them.
  case date
  /// `UUID`, stored as a 16-byte blob.
  case uuid
  /// `URL`, stored as its absolute string.
  case url
  /// Any other `Codable` value (arrays, nested structs), stored as JSON text.
  case json
  /// `Data` or `[Data]` declared with external storage: the bytes live in files beside the
  /// store, and the column holds their names (one, or a JSON array).
  case external

  /// The column type in a `STRICT` table.
  var sqlType: String {
    switch self {
    case .bool, .integer: "INTEGER"
    case .real, .date: "REAL"
    case .text, .url, .json, .external: "TEXT"
    case .blob, .uuid: "BLOB"
    }
  }
}
