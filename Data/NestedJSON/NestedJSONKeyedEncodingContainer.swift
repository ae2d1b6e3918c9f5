/// The container of a JSON object being encoded; each member is written as it is encoded.
struct NestedJSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: NestedJSONEncoder
  let level: Int
  let serial: UInt32

  var codingPath: [any CodingKey] { encoder.codingPath(level: level) }

  mutating func encodeNil(forKey key: Key) throws {
    encoder.encodeNilMember(forKey: key, level: level, serial: serial)
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: Int128, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try scalar(value, key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try member(value, key) }

  @inline(__always)
  private func scalar(_ value: some NestedJSONScalar, _ key: Key) throws {
    try encoder.encodeScalarMember(value, forKey: key, level: level, serial: serial)
  }

  @inline(__always)
  private func member<T: Encodable>(_ value: T, _ key: Key) throws {
    try encoder.encodeMember(value, forKey: key, level: level, serial: serial)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = encoder.openNestedMember(.keyed, forKey: key, level: level, serial: serial)
    return KeyedEncodingContainer(
      NestedJSONKeyedEncodingContainer<NestedKey>(encoder: encoder, level: level + 1, serial: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = encoder.openNestedMember(.unkeyed, forKey: key, level: level, serial: serial)
    return NestedJSONUnkeyedEncodingContainer(encoder: encoder, level: level + 1, serial: nested)
  }

  /// An encoder for the member `super`, as Foundation's `JSONEncoder` names it.
  mutating func superEncoder() -> any Encoder {
    let nested = encoder.openNestedMember(.empty, forKey: NestedJSONKey.super, level: level, serial: serial)
    return NestedJSONEncoding(encoder: encoder, level: level + 1, serial: nested)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let nested = encoder.openNestedMember(.empty, forKey: key, level: level, serial: serial)
    return NestedJSONEncoding(encoder: encoder, level: level + 1, serial: nested)
  }
}
