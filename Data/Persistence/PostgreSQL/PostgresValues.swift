import Foundation
import PostgresCore
import SQLValues

extension PostgresValue {
  /// The engine's value as a parameter: text (in its stored form, ``PostgresText``) and
  /// numbers as text, bytes as `bytea`.
  init(_ value: SQLValue) {
    switch value {
    case .null: self = .null
    case .integer(let integer): self = .integer(integer)
    case .real(let real): self = .real(real)
    case .text(let text): self = .text(PostgresText.escaped(text))
    case .blob(let data): self = .bytes(Array(data))
    }
  }
}

extension PostgresResult {
  /// A value as the engine holds it, by the column's type on the server: integers and
  /// Booleans as integers, floating-point and `numeric` values as reals, `bytea` as bytes,
  /// anything else as its text.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for a value the server wrote in a form
  ///   its type does not allow (which a well-behaved server never does).
  func sqlValue(row: Int, column: Int) throws(PersistenceError) -> SQLValue {
    guard !isNull(row: row, column: column) else { return .null }
    let type = columnType(column)
    switch type {
    case PostgresTypes.boolean:
      return .integer(bool(row: row, column: column) == true ? 1 : 0)
    case PostgresTypes.int8, PostgresTypes.int4, PostgresTypes.int2:
      guard let value = int64(row: row, column: column) else { throw malformed(row, column) }
      return .integer(value)
    case PostgresTypes.float8, PostgresTypes.float4, PostgresTypes.numeric:
      guard let value = double(row: row, column: column) else { throw malformed(row, column) }
      return .real(value)
    case PostgresTypes.bytea:
      guard let bytes = bytes(row: row, column: column) else { throw malformed(row, column) }
      return .blob(Data(bytes))
    default:
      return .text(PostgresText.unescaped(text(row: row, column: column) ?? ""))
    }
  }

  private func malformed(_ row: Int, _ column: Int) -> PersistenceError {
    .invalidValue("the server returned '\(text(row: row, column: column) ?? "")' for \(columnName(column))")
  }
}

/// The object identifiers of the server's built-in types the engine reads.
enum PostgresTypes {
  static let boolean: UInt32 = 16
  static let bytea: UInt32 = 17
  static let int8: UInt32 = 20
  static let int2: UInt32 = 21
  static let int4: UInt32 = 23
  static let float4: UInt32 = 700
  static let float8: UInt32 = 701
  static let numeric: UInt32 = 1700
}
