/// The `Decoder` a model decodes itself from; it reads every value through a ``RowDecoder``.
struct RowDecoding: Decoder {
  let decoder: RowDecoder
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Returns the row's keyed container; the one made for the first row is reused for the rest,
  /// which saves an allocation per row.
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let identifier = ObjectIdentifier(Key.self)
    if let reusable = decoder.reusableContainer, reusable.key == identifier {
      // The box was stored for this very `Key` type just below, so the cast cannot fail.
      return unsafeDowncast(reusable.box, to: ContainerBox<Key>.self).container
    }
    let container = KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(decoder: decoder))
    decoder.reusableContainer = (identifier, ContainerBox(container))
    return container
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw PersistenceError.invalidValue("a stored model must decode from a keyed container, not an unkeyed one")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw PersistenceError.invalidValue("a stored model must decode from a keyed container, not a single value")
  }
}

/// The keyed container of a row: one column per key.
struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: RowDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { decoder.column(for: key) != nil }
  func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(key) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(for: key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.text(for: key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.real(for: key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decoder.real(for: key)) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { Int(truncatingIfNeeded: try decoder.int64(for: key)) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(type, for: key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(type, for: key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(type, for: key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.int64(for: key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(type, for: key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(type, for: key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.value(type, for: key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw PersistenceError.invalidValue(
      "nested containers are not stored; decode a Codable value for '\(key.stringValue)'")
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw PersistenceError.invalidValue(
      "nested containers are not stored; decode a Codable value for '\(key.stringValue)'")
  }

  func superDecoder() throws -> any Decoder {
    throw PersistenceError.invalidValue("super decoders are not supported for stored models")
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    throw PersistenceError.invalidValue("super decoders are not supported for stored models")
  }
}

/// A decoder over one column, for values such as raw-value enums that decode a single value.
struct ColumnDecoding<Key: CodingKey>: Decoder, SingleValueDecodingContainer {
  let decoder: RowDecoder
  let key: Key
  var codingPath: [any CodingKey] { [key] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    throw PersistenceError.invalidValue("'\(key.stringValue)' is stored as a single value")
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw PersistenceError.invalidValue("'\(key.stringValue)' is stored as a single value")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { decoder.isNull(key) }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(for: key) }
  func decode(_ type: String.Type) throws -> String { try decoder.text(for: key) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.real(for: key) }
  func decode(_ type: Float.Type) throws -> Float { Float(try decoder.real(for: key)) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type, for: key) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type, for: key) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type, for: key) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type, for: key) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type, for: key) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type, for: key) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type, for: key) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type, for: key) }
}

/// Holds a keyed container so a row decoder can keep it without knowing its key type.
final class ContainerBox<Key: CodingKey> {
  let container: KeyedDecodingContainer<Key>
  init(_ container: KeyedDecodingContainer<Key>) { self.container = container }
}
