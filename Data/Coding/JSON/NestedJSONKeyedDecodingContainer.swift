/// The container of a JSON object being decoded; members are found by name, in constant time
/// when they are asked for in document order.
struct NestedJSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: NestedJSONDecoder
  let object: Int

  var codingPath: [any CodingKey] { decoder.codingPath(to: object) }

  /// The keys of the object's members that `Key` can represent, in document order, each
  /// once.
  ///
  /// A key written twice is listed once, as with Foundation, so that a dictionary decoded
  /// from the object keeps the first value, which is the one found for it.
  var allKeys: [Key] {
    var keys: [Key] = []
    var names: Set<String> = []
    var member = object + 1
    let end = decoder.skip(object)
    while member < end {
      // `allKeys` cannot throw; a key that cannot be read is not one of them.
      if let name = try? decoder.string(at: member), names.insert(name).inserted, let key = Key(stringValue: name) {
        keys.append(key)
      }
      member = decoder.skip(member + 1)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { decoder.member(key.stringValue, in: object) != nil }

  /// The value node of the member `key`.
  ///
  /// - Throws: ``NestedJSONError/keyNotFound(path:)`` if the object has no such member.
  private func require(_ key: Key) throws(NestedJSONError) -> Int {
    guard let node = decoder.member(key.stringValue, in: object) else {
      throw .keyNotFound(path: NestedJSONError.path(codingPath + [key]))
    }
    return node
  }

  /// The value node of the member `key`, or `nil` if it is absent or `null`.
  private func present(_ key: Key) -> Int? {
    guard let node = decoder.member(key.stringValue, in: object), decoder.tape[node].kind != .null else {
      return nil
    }
    return node
  }

  func decodeNil(forKey key: Key) throws -> Bool { decoder.tape[try require(key)].kind == .null }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, key) }
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try scalar(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, key) }
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try scalar(type, key) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.value(type, at: try require(key))
  }

  @inline(__always)
  private func scalar<T: NestedJSONScalar>(_ type: T.Type, _ key: Key) throws(NestedJSONError) -> T {
    try T.readJSON(from: decoder, at: try require(key))
  }

  // One lookup per `decodeIfPresent`, where the standard library's default makes three.

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }
  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try optional(type, key) }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let node = present(key) else { return nil }
    return try decoder.value(type, at: node)
  }

  @inline(__always)
  private func optional<T: NestedJSONScalar>(_ type: T.Type, _ key: Key) throws(NestedJSONError) -> T? {
    guard let node = present(key) else { return nil }
    return try T.readJSON(from: decoder, at: node)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try NestedJSONDecoding(decoder: decoder, node: try require(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try NestedJSONDecoding(decoder: decoder, node: try require(key)).unkeyedContainer()
  }

  /// A decoder for the member `super`; an absent member reads as `null`, as with Foundation.
  func superDecoder() throws -> any Decoder {
    let node = decoder.member(NestedJSONKey.super.stringValue, in: object) ?? decoder.absent
    return NestedJSONDecoding(decoder: decoder, node: node)
  }

  /// A decoder for the member `key`; an absent member reads as `null`, as with Foundation.
  func superDecoder(forKey key: Key) throws -> any Decoder {
    NestedJSONDecoding(decoder: decoder, node: decoder.member(key.stringValue, in: object) ?? decoder.absent)
  }
}
