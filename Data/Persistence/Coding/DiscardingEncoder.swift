/// An encoder that ignores everything, handed out after a row encoder has recorded that a
/// model uses a shape it cannot store (the failure is thrown once encoding returns).
struct DiscardingEncoder: Encoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(DiscardingKeyedContainer<Key>())
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingUnkeyedContainer() }

  func singleValueContainer() -> any SingleValueEncodingContainer { DiscardingSingleValueContainer() }
}

/// A keyed container that ignores every value.
struct DiscardingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) {}
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {}

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(DiscardingKeyedContainer<NestedKey>())
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    DiscardingUnkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { DiscardingEncoder() }
  mutating func superEncoder(forKey key: Key) -> any Encoder { DiscardingEncoder() }
}

/// An unkeyed container that ignores every value.
struct DiscardingUnkeyedContainer: UnkeyedEncodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int { 0 }

  mutating func encodeNil() {}
  mutating func encode<T: Encodable>(_ value: T) {}

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(DiscardingKeyedContainer<NestedKey>())
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
  mutating func superEncoder() -> any Encoder { DiscardingEncoder() }
}

/// A single-value container that ignores its value.
struct DiscardingSingleValueContainer: SingleValueEncodingContainer {
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() {}
  mutating func encode<T: Encodable>(_ value: T) {}
}
