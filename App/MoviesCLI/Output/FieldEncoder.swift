import Foundation

/// Reads an `Encodable` row as its named fields, in the order the row encodes them (for a
/// synthesized `Encodable`, the order of its stored properties).
///
/// A field may be text, a number, a Boolean, a `Date`, a `UUID`, a string-backed enumeration,
/// an optional of these (a `nil` one is kept as ``FieldValue/null``, so every row has the same
/// fields) or an array of them. A nested object is refused: rows are flat.
enum FieldEncoder {
  /// The fields of a row, in order.
  ///
  /// - Throws: `EncodingError.invalidValue` for a row that is not an object of plain fields.
  static func fields(of row: some Encodable) throws -> [(name: String, value: FieldValue)] {
    let encoder = Recorder(isRow: true)
    try row.encode(to: encoder)
    guard encoder.wroteFields else { throw refusal("a row must be an object of named fields", at: []) }
    return encoder.fields
  }

  /// A value of a field.
  static func value(of value: some Encodable, at path: [any CodingKey]) throws -> FieldValue {
    switch value {
    case let text as String: return .text(text)
    case let flag as Bool: return .bool(flag)
    case let number as Double: return .number(number)
    case let number as Float: return .number(Double(number))
    case let date as Date: return .date(date)
    case let id as UUID: return .text(UUIDText.lowercase(id))
    case let integer as any BinaryInteger:
      guard let value = Int(exactly: integer) else { return .text("\(integer)") }
      return .integer(value)
    default:
      let encoder = Recorder(isRow: false, codingPath: path)
      try value.encode(to: encoder)
      return encoder.value
    }
  }

  /// The error for a value a row cannot hold.
  static func refusal(_ reason: String, at path: [any CodingKey]) -> EncodingError {
    EncodingError.invalidValue(path, EncodingError.Context(codingPath: path, debugDescription: reason))
  }

  /// Records what one row or one field encodes.
  final class Recorder: Encoder {
    /// Whether this encodes a row (named fields) rather than a field's value.
    let isRow: Bool
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// A row's fields.
    var fields: [(name: String, value: FieldValue)] = []
    /// Whether a keyed container was asked for.
    var wroteFields = false
    /// A field's value; a list until a single value is encoded.
    var value: FieldValue = .list([])

    init(isRow: Bool, codingPath: [any CodingKey] = []) {
      self.isRow = isRow
      self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      wroteFields = true
      return KeyedEncodingContainer(Fields<Key>(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { List(recorder: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(recorder: self) }
  }

  /// A row's named fields; a field's value may not be an object.
  struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: Recorder
    var codingPath: [any CodingKey] { recorder.codingPath }

    private func add(_ value: FieldValue, _ key: Key) throws {
      guard recorder.isRow else { throw refusal("a field cannot hold an object", at: codingPath + [key]) }
      recorder.fields.append((key.stringValue, value))
    }

    mutating func encodeNil(forKey key: Key) throws { try add(.null, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try add(try FieldEncoder.value(of: value, at: codingPath + [key]), key)
    }

    // A synthesized `Encodable` skips `nil` optionals; a row keeps them, so every row has
    // the same fields. The protocol's own `encodeIfPresent` for each standard type would skip
    // them, so each is implemented here.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
      guard let value else { return try encodeNil(forKey: key) }
      try encode(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try keep(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try keep(value, key) }

    /// A present value, or `nil` kept as ``FieldValue/null``.
    private mutating func keep<T: Encodable>(_ value: T?, _ key: Key) throws {
      guard let value else { return try encodeNil(forKey: key) }
      try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Fields<NestedKey>(recorder: Recorder(isRow: false, codingPath: codingPath + [key])))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      List(recorder: Recorder(isRow: false, codingPath: codingPath + [key]))
    }

    mutating func superEncoder() -> any Encoder { Recorder(isRow: false, codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      Recorder(isRow: false, codingPath: codingPath + [key])
    }
  }

  /// A field's list of values.
  struct List: UnkeyedEncodingContainer {
    let recorder: Recorder
    var codingPath: [any CodingKey] { recorder.codingPath }
    var count: Int {
      guard case .list(let values) = recorder.value else { return 0 }
      return values.count
    }

    private func add(_ value: FieldValue) throws {
      guard case .list(let values) = recorder.value, !value.isList else {
        throw refusal("a list holds values, not lists", at: codingPath)
      }
      recorder.value = .list(values + [value])
    }

    mutating func encodeNil() throws { try add(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try add(try FieldEncoder.value(of: value, at: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Fields<NestedKey>(recorder: Recorder(isRow: false, codingPath: codingPath)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      List(recorder: Recorder(isRow: false, codingPath: codingPath))
    }

    mutating func superEncoder() -> any Encoder { Recorder(isRow: false, codingPath: codingPath) }
  }

  /// A field's single value.
  struct Single: SingleValueEncodingContainer {
    let recorder: Recorder
    var codingPath: [any CodingKey] { recorder.codingPath }

    mutating func encodeNil() throws { recorder.value = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
      recorder.value = try FieldEncoder.value(of: value, at: codingPath)
    }
  }
}

extension FieldValue {
  /// Whether the value is a list.
  fileprivate var isList: Bool {
    if case .list = self { return true }
    return false
  }
}
