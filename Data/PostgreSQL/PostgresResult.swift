import CLibPQ

/// The rows a statement returned, held by libpq until released; values are read by row and
/// column, both from 0.
public final class PostgresResult {
  private let handle: OpaquePointer?

  /// Takes a libpq result, throwing its error if the statement failed.
  init(_ result: OpaquePointer?, on connection: OpaquePointer) throws(PostgresError) {
    guard let result else { throw PostgresError(of: connection) }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      handle = result
    default:
      func field(_ name: Character) -> String? {
        PQresultErrorField(result, Int32(name.asciiValue ?? 0)).map { String(cString: $0) }
      }
      let code = field("C")
      // The primary message for people; the rest (DETAIL, HINT, CONTEXT) for developers.
      let message = field("M") ?? String(cString: PQresultErrorMessage(result))
      let detail = [("DETAIL", field("D")), ("HINT", field("H")), ("CONTEXT", field("W"))]
        .compactMap { label, text in text.map { "\(label): \($0)" } }.joined(separator: "; ")
      PQclear(result)
      throw PostgresError(code: code, message: message, detail: detail, on: connection)
    }
  }

  deinit { PQclear(handle) }

  /// How many rows it holds.
  public var count: Int { Int(PQntuples(handle)) }

  /// How many columns each row has.
  public var columnCount: Int { Int(PQnfields(handle)) }

  /// How many rows an `INSERT`, `UPDATE` or `DELETE` changed (0 for other statements).
  public var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

  /// A column's name.
  public func columnName(_ column: Int) -> String { String(cString: PQfname(handle, Int32(column))) }

  /// The type a column's values have on the server: its `pg_type` object identifier (`int8` is
  /// 20, `text` 25, …).
  public func columnType(_ column: Int) -> UInt32 { PQftype(handle, Int32(column)) }

  /// Whether a value is `NULL`.
  public func isNull(row: Int, column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) == 1 }

  /// A value as the text PostgreSQL writes it, or `nil` for `NULL`.
  public func text(row: Int, column: Int) -> String? {
    guard !isNull(row: row, column: column) else { return nil }
    return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
  }

  /// An integer value, or `nil` for `NULL` or text that is not an integer.
  public func int64(row: Int, column: Int) -> Int64? { text(row: row, column: column).flatMap { Int64($0) } }

  /// A floating-point value (`NaN` and the infinities as PostgreSQL spells them), or `nil`.
  public func double(row: Int, column: Int) -> Double? {
    switch text(row: row, column: column) {
    case nil: nil
    case "NaN": .nan
    case "Infinity": .infinity
    case "-Infinity": -.infinity
    case let text?: Double(text)
    }
  }

  /// A boolean value, or `nil` for `NULL` or another value.
  public func bool(row: Int, column: Int) -> Bool? {
    switch text(row: row, column: column) {
    case "t": true
    case "f": false
    default: nil
    }
  }

  /// A `bytea` value's bytes (written by the server in its hex form, `\x…`), or `nil`.
  public func bytes(row: Int, column: Int) -> [UInt8]? {
    guard let text = text(row: row, column: column) else { return nil }
    let digits = Array(text.utf8)
    guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x"), digits.count % 2 == 0
    else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity((digits.count - 2) / 2)
    var index = 2
    while index < digits.count {
      guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  /// The value of one hexadecimal digit.
  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
