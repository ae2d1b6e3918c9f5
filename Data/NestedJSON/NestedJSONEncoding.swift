/// The `Encoder` a value encodes itself into, and its single-value container; it forwards
/// everything to a ``NestedJSONEncoder``.
///
/// It names the value by its level in the encoder's stack and its serial number, so it is
/// two words and three fit in an existential without allocating.
struct NestedJSONEncoding: Encoder, SingleValueEncodingContainer {
  let encoder: NestedJSONEncoder
  let level: Int
  let serial: UInt32

  var codingPath: [any CodingKey] { encoder.codingPath(level: level) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Makes the value an object (or continues the object it already is) and returns its container.
  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    encoder.openContainer(.keyed, level: level, serial: serial)
    return KeyedEncodingContainer(NestedJSONKeyedEncodingContainer<Key>(encoder: encoder, level: level, serial: serial))
  }

  /// Makes the value an array (or continues the array it already is) and returns its container.
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.openContainer(.unkeyed, level: level, serial: serial)
    return NestedJSONUnkeyedEncodingContainer(encoder: encoder, level: level, serial: serial)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  mutating func encodeNil() throws { try encoder.encodeSingleNil(level: level, serial: serial) }
  mutating func encode(_ value: Bool) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: String) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Double) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Float) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Int) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Int8) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Int16) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Int32) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Int64) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: Int128) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: UInt) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: UInt8) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: UInt16) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: UInt32) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: UInt64) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode(_ value: UInt128) throws { try encoder.encodeScalarSingle(value, level: level, serial: serial) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encodeSingle(value, level: level, serial: serial)
  }
}
