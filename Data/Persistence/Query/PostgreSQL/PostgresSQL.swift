import Foundation
import SQLValues

/// How PostgreSQL's query SQL reads the engine's bound values.
///
/// Values are bound as the engine's `SQLValue`s, sent as text of type `unknown` (bytes as
/// `bytea`), so each is cast where it is used to the type its column has (see
/// `ValueKind.postgresType`): a UUID's 16 bytes become a `uuid` and a `Bool`'s 0 or 1 a
/// `boolean` as they are when written (`ValueKind.postgresWrite`); a date stays seconds since
/// 2001, as its `double precision` column holds it.
enum PostgresSQL {
  /// The type a value of a kind is cast to, by its short name (a column's type adds its
  /// collation).
  static func typeName(_ kind: ValueKind) -> String {
    switch kind {
    case .bool: "boolean"
    case .integer: "int8"
    case .real, .date: "float8"
    case .text, .url, .external: "text"
    case .blob: "bytea"
    case .uuid: "uuid"
    case .json: "jsonb"
    }
  }

  /// The kind of a value of a Swift type (an optional's wrapped type), or `nil` when no column
  /// stores it.
  static func kind(of type: Any.Type) -> ValueKind? {
    ProbeRecorder.kind(of: (type as? any OptionalProtocol.Type)?.wrappedType ?? type)
  }

  /// A bound value, cast to the type of its kind; `NULL` of that type without a parameter.
  /// Without a kind, the type follows the value (a 64-bit integer, a double, text or bytes).
  static func value(_ value: SQLValue, kind: ValueKind?) -> SQLFragment {
    guard let kind = kind ?? Self.kind(of: value) else { return SQLFragment("NULL") }
    guard value != .null else { return SQLFragment("NULL::\(typeName(kind))") }
    return SQLFragment(parameter(kind), [value])
  }

  /// A parameter holding a value of a kind, as the engine binds it, cast to the kind's type.
  static func parameter(_ kind: ValueKind) -> String {
    switch kind {
    case .uuid, .bool, .json: kind.postgresWrite("?")
    default: "?::\(typeName(kind))"
    }
  }

  /// The kind a value's own storage class stands for, when nothing else tells.
  private static func kind(of value: SQLValue) -> ValueKind? {
    switch value {
    case .null: nil
    case .integer: .integer
    case .real: .real
    case .text: .text
    case .blob: .blob
    }
  }

  /// The values as one PostgreSQL array literal (`{1,2}`, `{"a","b"}`) of the type of their
  /// kind, bound as one parameter whatever their number; `nil` for a kind no array holds here.
  static func arrayLiteral(_ values: [SQLValue], kind: ValueKind) -> String? {
    var items: [String] = []
    items.reserveCapacity(values.count)
    for value in values {
      switch (kind, value) {
      case (.bool, .integer(let flag)): items.append(flag == 0 ? "f" : "t")
      case (_, .integer(let integer)): items.append(String(integer))
      case (_, .real(let real)):
        items.append(real == .infinity ? "Infinity" : real == -.infinity ? "-Infinity" : "\(real)")
      case (_, .text(let text)): items.append(quotedElement(text))
      case (.uuid, .blob(let bytes)): items.append(PredicateTranslator.upperHex(bytes))
      case (.blob, .blob(let bytes)): items.append(quotedElement("\\x" + PredicateTranslator.upperHex(bytes)))
      default: return nil
      }
    }
    return "{" + items.joined(separator: ",") + "}"
  }

  /// An array element in double quotes, its backslashes and double quotes escaped.
  private static func quotedElement(_ text: String) -> String {
    var quoted = "\""
    for character in text.unicodeScalars {
      if character == "\\" || character == "\"" { quoted.unicodeScalars.append("\\") }
      quoted.unicodeScalars.append(character)
    }
    return quoted + "\""
  }
}
