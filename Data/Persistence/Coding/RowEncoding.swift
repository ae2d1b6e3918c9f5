import SQLValues
import SQLiteCore

/// The `Encoder` a model encodes itself into; it forwards every value to a ``RowEncoder``.
struct RowEncoding: Encoder {
  let encoder: RowEncoder
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(encoder: encoder))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.unsupported("an unkeyed container")
    return DiscardingUnkeyedContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    encoder.unsupported("a single value")
    return DiscardingSingleValueContainer()
  }
}

/// The keyed container of a row: one column per key.
struct RowKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: RowEncoder
  var codingPath: [any CodingKey] { [] }

  func encodeNil(forKey key: Key) { encoder.store(.null, for: key) }
  func encode(_ value: Bool, forKey key: Key) { encoder.store(.integer(value ? 1 : 0), for: key) }
  func encode(_ value: String, forKey key: Key) { encoder.storeText(value, for: key) }
  func encode(_ value: Double, forKey key: Key) { encoder.storeReal(value, for: key) }
  func encode(_ value: Float, forKey key: Key) { encoder.storeReal(Double(value), for: key) }
  func encode(_ value: Int, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: Int8, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: Int16, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: Int32, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: Int64, forKey key: Key) { encoder.store(.integer(value), for: key) }
  func encode(_ value: UInt, forKey key: Key) { encoder.storeInteger(value, for: key) }
  func encode(_ value: UInt8, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: UInt16, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: UInt32, forKey key: Key) { encoder.store(.integer(Int64(value)), for: key) }
  func encode(_ value: UInt64, forKey key: Key) { encoder.storeInteger(value, for: key) }
  func encode<T: Encodable>(_ value: T, forKey key: Key) { encoder.storeValue(value, for: key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.unsupported("a nested container for '\(key.stringValue)' (encode a Codable value instead)")
    return KeyedEncodingContainer(DiscardingKeyedContainer<NestedKey>())
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.unsupported("a nested container for '\(key.stringValue)' (encode a Codable value instead)")
    return DiscardingUnkeyedContainer()
  }

  func superEncoder() -> any Encoder {
    encoder.unsupported("a super encoder")
    return DiscardingEncoder()
  }

  func superEncoder(forKey key: Key) -> any Encoder {
    encoder.unsupported("a super encoder")
    return DiscardingEncoder()
  }
}
