/// A value sent to PostgreSQL as a statement's parameter.
///
/// Text, numbers and booleans go as text of type `unknown`, which the server reads as the type
/// the statement needs at the parameter's place (a column's, a function argument's, or a cast's
/// such as `$1::int8`, which a parameter with no such place needs); bytes go as binary `bytea`,
/// so no escaping is involved at all.
public enum PostgresValue: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit integer.
  case integer(Int64)
  /// A double; NaN and the infinities are sent as PostgreSQL spells them.
  case real(Double)
  /// Text, sent as UTF-8; a NUL character cannot be sent (PostgreSQL text holds none).
  case text(String)
  /// Bytes, sent as `bytea`.
  case bytes([UInt8])
  /// A boolean.
  case boolean(Bool)

  /// The value as the text PostgreSQL reads, or `nil` for `NULL` and bytes.
  var text: String? {
    switch self {
    case .null, .bytes: nil
    case .integer(let value): String(value)
    case .real(let value):
      value.isNaN ? "NaN" : value == .infinity ? "Infinity" : value == -.infinity ? "-Infinity" : "\(value)"
    case .text(let value): value
    case .boolean(let value): value ? "t" : "f"
    }
  }
}
