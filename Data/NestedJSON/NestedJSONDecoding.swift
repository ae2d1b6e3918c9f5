/// The `Decoder` a value decodes itself from, and its single-value container; it reads the
/// node at `node` of a ``NestedJSONDecoder``'s current document.
///
/// It is two words, so it fits in an existential without allocating.
struct NestedJSONDecoding: Decoder, SingleValueDecodingContainer {
  let decoder: NestedJSONDecoder
  let node: Int

  var codingPath: [any CodingKey] { decoder.codingPath(to: node) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// A container over the object at `node`.
  ///
  /// - Throws: ``NestedJSONError/typeMismatch(path:expected:)`` if the value is not an object.
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard decoder.tape[node].kind == .object else { throw decoder.mismatch(at: node, expected: "an object") }
    return KeyedDecodingContainer(NestedJSONKeyedDecodingContainer<Key>(decoder: decoder, object: node))
  }

  /// A container over the array at `node`.
  ///
  /// - Throws: ``NestedJSONError/typeMismatch(path:expected:)`` if the value is not an array.
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard decoder.tape[node].kind == .array else { throw decoder.mismatch(at: node, expected: "an array") }
    return NestedJSONUnkeyedDecodingContainer(decoder: decoder, array: node)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { decoder.tape[node].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
  func decode(_ type: String.Type) throws -> String { try scalar(type) }
  func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
  func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
  func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
  func decode(_ type: Int128.Type) throws -> Int128 { try scalar(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }
  func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type, at: node) }

  @inline(__always)
  private func scalar<T: NestedJSONScalar>(_ type: T.Type) throws(NestedJSONError) -> T {
    try T.readJSON(from: decoder, at: node)
  }
}
