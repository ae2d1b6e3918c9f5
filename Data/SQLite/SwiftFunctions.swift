internal import CSQLite
import Foundation

/// SQL functions that evaluate exactly as Swift does, registered on every connection.
///
/// SQLite's own operators differ from Swift in places: integer overflow silently becomes a
/// real, division by zero gives `NULL`, and text matching works on bytes rather than on
/// Swift's characters. Predicates are translated to these functions wherever the two differ,
/// so a query returns exactly the rows `Predicate.evaluate` would. Where Swift would trap
/// (overflow, a nil force-unwrapped), the function fails the statement with an error instead.
/// See [Application-defined SQL functions](https://www.sqlite.org/appfunc.html).
enum SwiftFunctions {
  /// The message of a query that failed for a row on which Swift would trap on an overflow.
  static let overflow = "arithmetic overflow in a predicate"
  /// The message of a query that failed for a row on which Swift would trap dividing by zero.
  static let divisionByZero = "division by zero in a predicate"
  /// The message of a query that failed for a row on which Swift would trap unwrapping nil.
  static let unwrappedNil = "a predicate force-unwrapped nil"
  /// Registers every function on a connection.
  static func register(on connection: OpaquePointer) throws(SQLiteError) {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
    let integers: [(String, @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)] = [
      ("swift_add", { context, count, arguments in SwiftFunctions.integer(context, count, arguments, .add) }),
      (
        "swift_subtract",
        { context, count, arguments in SwiftFunctions.integer(context, count, arguments, .subtract) }
      ),
      (
        "swift_multiply",
        { context, count, arguments in SwiftFunctions.integer(context, count, arguments, .multiply) }
      ),
      ("swift_divide", { context, count, arguments in SwiftFunctions.integer(context, count, arguments, .divide) }),
      (
        "swift_remainder",
        { context, count, arguments in SwiftFunctions.integer(context, count, arguments, .remainder) }
      ),
    ]
    var functions:
      [(String, Int32, @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)] = [
        ("swift_divide_real", 2, { context, _, arguments in SwiftFunctions.divideReal(context, arguments) }),
        ("swift_float", 1, { context, _, arguments in SwiftFunctions.float(context, arguments) }),
        ("swift_negate", 1, { context, count, arguments in SwiftFunctions.negate(context, count, arguments) }),
        ("swift_negate", 3, { context, count, arguments in SwiftFunctions.negate(context, count, arguments) }),
        ("swift_unwrap", 1, { context, _, arguments in SwiftFunctions.unwrap(context, arguments) }),
        ("swift_search_text", 1, { context, _, arguments in SwiftFunctions.searchText(context, arguments) }),
        ("swift_unhex", 1, { context, _, arguments in SwiftFunctions.unhex(context, arguments) }),
        (
          "swift_contains", 2,
          { context, _, arguments in
            SwiftFunctions.text(context, arguments, bytes: ASCIIText.contains) {
              SwiftFunctions.collectionContains($0, $1)
            }
          }
        ),
        (
          "swift_starts_with", 2,
          { context, _, arguments in
            SwiftFunctions.text(context, arguments, bytes: ASCIIText.startsWith) { $0.starts(with: $1) }
          }
        ),
      ]
    // Each integer operation takes two operands, and optionally the least and greatest value of
    // the operands' Swift type (an `Int8`'s -128 and 127): a result outside fails as Swift traps.
    // `0, -1` stands for `UInt64`, whose greatest value has the bits of -1.
    for (name, function) in integers {
      functions.append((name, 2, function))
      functions.append((name, 4, function))
    }
    for (name, count, function) in functions {
      let code = sqlite3_create_function_v2(connection, name, count, flags, nil, function, nil, nil, nil)
      guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
    }
  }

  /// An integer operation of Swift's.
  private enum IntegerOperation {
    case add, subtract, multiply, divide, remainder
  }

  /// Integer arithmetic with Swift's overflow rule: a result beyond the type's range, or a
  /// division by zero, is an error, not a real or `NULL`. The range is `Int64`'s unless the
  /// third and fourth arguments give the type's least and greatest values.
  private static func integer(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
    _ operation: IntegerOperation
  ) {
    guard let arguments, let lhs = arguments[0], let rhs = arguments[1] else { return }
    guard sqlite3_value_type(lhs) != SQLITE_NULL, sqlite3_value_type(rhs) != SQLITE_NULL else {
      sqlite3_result_null(context)
      return
    }
    let (least, greatest) = bounds(count, arguments, from: 2)
    if least == 0, greatest == -1 {
      unsignedInteger(context, lhs, rhs, operation)
      return
    }
    let (left, right) = (sqlite3_value_int64(lhs), sqlite3_value_int64(rhs))
    let (value, overflow) =
      switch operation {
      case .add: left.addingReportingOverflow(right)
      case .subtract: left.subtractingReportingOverflow(right)
      case .multiply: left.multipliedReportingOverflow(by: right)
      case .divide: left.dividedReportingOverflow(by: right)
      // `least % -1` traps in Swift for every signed width, though its value, 0, fits.
      case .remainder:
        least < 0 && left == least && right == -1 ? (0, true) : left.remainderReportingOverflow(dividingBy: right)
      }
    guard !overflow, value >= least, value <= greatest else {
      let message = right == 0 && (operation == .divide || operation == .remainder) ? divisionByZero : Self.overflow
      sqlite3_result_error(context, message, -1)
      return
    }
    sqlite3_result_int64(context, value)
  }

  /// Integer arithmetic on `UInt64` (or `UInt`), whose greatest value is past SQLite's: a result
  /// beyond `Int64.max` is held as 8 bytes, big-endian — a blob, which SQLite orders after every
  /// integer and compares byte by byte, so comparisons answer as Swift's do — and read back so by
  /// the next operation. Below zero or past `UInt64.max`, or divided by zero, it fails.
  private static func unsignedInteger(
    _ context: OpaquePointer?, _ lhs: OpaquePointer, _ rhs: OpaquePointer, _ operation: IntegerOperation
  ) {
    guard let left = unsigned(lhs), let right = unsigned(rhs) else {
      sqlite3_result_error(context, overflow, -1)
      return
    }
    let (value, failed) =
      switch operation {
      case .add: left.addingReportingOverflow(right)
      case .subtract: left.subtractingReportingOverflow(right)
      case .multiply: left.multipliedReportingOverflow(by: right)
      case .divide: left.dividedReportingOverflow(by: right)
      case .remainder: left.remainderReportingOverflow(dividingBy: right)
      }
    guard !failed else {
      sqlite3_result_error(
        context, right == 0 && (operation == .divide || operation == .remainder) ? divisionByZero : overflow, -1)
      return
    }
    guard value > UInt64(Int64.max) else {
      sqlite3_result_int64(context, Int64(value))
      return
    }
    withUnsafeBytes(of: value.bigEndian) { bytes in
      sqlite3_result_blob64(context, bytes.baseAddress, UInt64(bytes.count), sqliteTransient)
    }
  }

  /// A `UInt64` held as a non-negative integer or as 8 bytes, big-endian; `nil` for anything else.
  private static func unsigned(_ value: OpaquePointer) -> UInt64? {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER:
      let integer = sqlite3_value_int64(value)
      return integer >= 0 ? UInt64(integer) : nil
    case SQLITE_BLOB:
      guard sqlite3_value_bytes(value) == 8, let bytes = sqlite3_value_blob(value) else { return nil }
      return UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))
    default:
      return nil
    }
  }

  /// The least and greatest values passed as arguments `first` and `first + 1`, or `Int64`'s.
  private static func bounds(
    _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>, from first: Int
  ) -> (Int64, Int64) {
    guard count > first + 1, let least = arguments[first], let greatest = arguments[first + 1] else {
      return (.min, .max)
    }
    return (sqlite3_value_int64(least), sqlite3_value_int64(greatest))
  }

  /// A real rounded to `Float`, as arithmetic on `Float` values rounds each result: double
  /// precision holds the exact result of `+`, `-`, `*` and `/` on two floats closely enough
  /// that rounding it once more gives the float Swift computes. `NULL` stays `NULL`.
  private static func float(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arguments, let value = arguments[0] else { return }
    guard sqlite3_value_type(value) != SQLITE_NULL else {
      sqlite3_result_null(context)
      return
    }
    sqlite3_result_double(context, Double(Float(sqlite3_value_double(value))))
  }

  /// Floating-point division as IEEE 754 and Swift do it (x / 0 is ±infinity, not NULL).
  private static func divideReal(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arguments, let lhs = arguments[0], let rhs = arguments[1] else { return }
    guard sqlite3_value_type(lhs) != SQLITE_NULL, sqlite3_value_type(rhs) != SQLITE_NULL else {
      sqlite3_result_null(context)
      return
    }
    sqlite3_result_double(context, sqlite3_value_double(lhs) / sqlite3_value_double(rhs))
  }

  /// Negation, with Swift's overflow rule for integers (of `Int64`, or of the type whose least
  /// and greatest values are the second and third arguments).
  private static func negate(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
  ) {
    guard let arguments, let value = arguments[0] else { return }
    switch sqlite3_value_type(value) {
    case SQLITE_NULL:
      sqlite3_result_null(context)
    case SQLITE_INTEGER:
      let (least, greatest) = bounds(count, arguments, from: 1)
      let (negated, overflow) = Int64(0).subtractingReportingOverflow(sqlite3_value_int64(value))
      guard !overflow, negated >= least, negated <= greatest else {
        sqlite3_result_error(context, Self.overflow, -1)
        return
      }
      sqlite3_result_int64(context, negated)
    default:
      sqlite3_result_double(context, -sqlite3_value_double(value))
    }
  }

  /// A force-unwrap: the value itself, or an error for nil, where Swift would trap.
  private static func unwrap(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arguments, let value = arguments[0] else { return }
    guard sqlite3_value_type(value) != SQLITE_NULL else {
      sqlite3_result_error(context, unwrappedNil, -1)
      return
    }
    sqlite3_result_value(context, value)
  }

  /// Text as a substring index takes it: each NUL character a space, since FTS5's trigram
  /// tokenizer stops at the first NUL; `NULL` stays `NULL`. (SQLite's `replace` cannot do it: it
  /// takes a pattern that starts with NUL for an empty one.)
  private static func searchText(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arguments, let value = arguments[0] else { return }
    guard sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else {
      sqlite3_result_null(context)
      return
    }
    let count = Int(sqlite3_value_bytes(value))
    // Looked for in place: most text holds no NUL and is passed on without a copy.
    guard memchr(text, 0, count) != nil else {
      sqlite3_result_value(context, value)
      return
    }
    var bytes = Array(UnsafeBufferPointer(start: text, count: count))
    for index in bytes.indices where bytes[index] == 0 { bytes[index] = UInt8(ascii: " ") }
    sqlite3_result_text64(context, bytes, UInt64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
  }

  /// The blob whose bytes a text of hexadecimal digits spells, two a byte, in either case; `NULL`
  /// for `NULL` and for any other text, which then equals nothing. It makes the blobs of a list
  /// bound as one JSON array (which carries them as hex text) comparable with a column as they
  /// are, so SQLite looks each one up in the column's index (SQLite's own `unhex` came in 3.41).
  private static func unhex(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arguments, let value = arguments[0] else { return }
    let text = utf8(value)
    guard sqlite3_value_type(value) != SQLITE_NULL, text.count % 2 == 0 else {
      sqlite3_result_null(context)
      return
    }
    var bytes = [UInt8](repeating: 0, count: text.count / 2)
    for index in bytes.indices {
      guard let high = digit(text[2 * index]), let low = digit(text[2 * index + 1]) else {
        sqlite3_result_null(context)
        return
      }
      bytes[index] = high << 4 | low
    }
    sqlite3_result_blob64(context, bytes, UInt64(bytes.count), sqliteTransient)
  }

  /// The value of one hexadecimal digit, or `nil` for any other byte.
  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// A text test evaluated on Swift strings, character by character as Swift compares them —
  /// first by `bytes`, which answers without making strings where it can (``ASCIIText``), else by
  /// `test`.
  private static func text(
    _ context: OpaquePointer?,
    _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
    bytes: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool?,
    _ test: (String, String) -> Bool
  ) {
    guard let arguments, let lhs = arguments[0], let rhs = arguments[1] else { return }
    guard sqlite3_value_type(lhs) != SQLITE_NULL, sqlite3_value_type(rhs) != SQLITE_NULL else {
      sqlite3_result_null(context)
      return
    }
    let (left, right) = (utf8(lhs), utf8(rhs))
    let result =
      bytes(left, right) ?? test(String(decoding: left, as: UTF8.self), String(decoding: right, as: UTF8.self))
    sqlite3_result_int(context, result ? 1 : 0)
  }

  /// A text value's UTF-8 bytes, valid until the value changes.
  private static func utf8(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
    guard let text = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
  }

  /// `Collection.contains(_:)` as `#Predicate` evaluates it: by `Character`, and an empty
  /// needle is found everywhere (unlike Foundation's `String.contains`).
  static func collectionContains<Base: BidirectionalCollection, Other: Collection>(
    _ base: Base, _ other: Other
  ) -> Bool where Base.Element: Equatable, Other.Element == Base.Element {
    base.contains(other)
  }
}
