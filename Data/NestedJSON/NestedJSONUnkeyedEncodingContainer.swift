/// The container of a JSON array being encoded; each element is written as it is encoded.
struct NestedJSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
  let encoder: NestedJSONEncoder
  let level: Int
  let serial: UInt32

  var codingPath: [any CodingKey] { encoder.codingPath(level: level) }

  /// The number of elements encoded so far.
  var count: Int {
    guard level < encoder.frames.count, encoder.frames[level].serial == serial else { return 0 }
    return encoder.frames[level].count
  }

  mutating func encodeNil() throws { encoder.encodeNilElement(level: level, serial: serial) }
  mutating func encode(_ value: Bool) throws { try scalar(value) }
  mutating func encode(_ value: String) throws { try scalar(value) }
  mutating func encode(_ value: Double) throws { try scalar(value) }
  mutating func encode(_ value: Float) throws { try scalar(value) }
  mutating func encode(_ value: Int) throws { try scalar(value) }
  mutating func encode(_ value: Int8) throws { try scalar(value) }
  mutating func encode(_ value: Int16) throws { try scalar(value) }
  mutating func encode(_ value: Int32) throws { try scalar(value) }
  mutating func encode(_ value: Int64) throws { try scalar(value) }
  mutating func encode(_ value: Int128) throws { try scalar(value) }
  mutating func encode(_ value: UInt) throws { try scalar(value) }
  mutating func encode(_ value: UInt8) throws { try scalar(value) }
  mutating func encode(_ value: UInt16) throws { try scalar(value) }
  mutating func encode(_ value: UInt32) throws { try scalar(value) }
  mutating func encode(_ value: UInt64) throws { try scalar(value) }
  mutating func encode(_ value: UInt128) throws { try scalar(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try element(value) }

  @inline(__always)
  private func scalar(_ value: some NestedJSONScalar) throws {
    try encoder.encodeScalarElement(value, level: level, serial: serial)
  }

  @inline(__always)
  private func element<T: Encodable>(_ value: T) throws {
    try encoder.encodeElement(value, level: level, serial: serial)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = encoder.openNestedElement(.keyed, level: level, serial: serial)
    return KeyedEncodingContainer(
      NestedJSONKeyedEncodingContainer<NestedKey>(encoder: encoder, level: level + 1, serial: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = encoder.openNestedElement(.unkeyed, level: level, serial: serial)
    return NestedJSONUnkeyedEncodingContainer(encoder: encoder, level: level + 1, serial: nested)
  }

  /// An encoder for the next element, as Foundation's `JSONEncoder` places it.
  mutating func superEncoder() -> any Encoder {
    let nested = encoder.openNestedElement(.empty, level: level, serial: serial)
    return NestedJSONEncoding(encoder: encoder, level: level + 1, serial: nested)
  }
}
