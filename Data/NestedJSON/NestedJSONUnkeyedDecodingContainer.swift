/// The container of a JSON array being decoded, read front to back.
///
/// Its position advances only when an element decodes, so a type may try one type and then
/// another for the same element. Its fields are 32-bit so that it fits, with the decoder, in
/// an existential without allocating.
struct NestedJSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
  let decoder: NestedJSONDecoder
  private let array: Int32
  /// The node of the next element.
  private var cursor: Int32
  private var index: Int32
  private let elementCount: Int32

  /// Creates a container at the first element of the array node `array`.
  init(decoder: NestedJSONDecoder, array: Int) {
    self.decoder = decoder
    self.array = Int32(truncatingIfNeeded: array)
    cursor = Int32(truncatingIfNeeded: array + 1)
    index = 0
    elementCount = Int32(truncatingIfNeeded: decoder.tape[array].length)
  }

  var codingPath: [any CodingKey] { decoder.codingPath(to: Int(array)) }
  var count: Int? { Int(elementCount) }
  var isAtEnd: Bool { index >= elementCount }
  var currentIndex: Int { Int(index) }

  /// The node of the next element.
  ///
  /// - Throws: ``NestedJSONError/keyNotFound(path:)`` if the array has no more elements.
  private func next() throws(NestedJSONError) -> Int {
    guard index < elementCount else {
      let path = decoder.codingPath(to: Int(array)) + [NestedJSONKey(intValue: Int(index))]
      throw .keyNotFound(path: NestedJSONError.path(path))
    }
    return Int(cursor)
  }

  /// Moves past the element at `node`, once it has been decoded.
  private mutating func advance(past node: Int) {
    cursor = Int32(truncatingIfNeeded: decoder.skip(node))
    index += 1
  }

  mutating func decodeNil() throws -> Bool {
    let node = try next()
    guard decoder.tape[node].kind == .null else { return false }
    advance(past: node)
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
  mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try scalar(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar(type) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let node = try next()
    let value = try decoder.value(type, at: node)
    advance(past: node)
    return value
  }

  @inline(__always)
  private mutating func scalar<T: NestedJSONScalar>(_ type: T.Type) throws(NestedJSONError) -> T {
    let node = try next()
    let value = try T.readJSON(from: decoder, at: node)
    advance(past: node)
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let node = try next()
    let container = try NestedJSONDecoding(decoder: decoder, node: node).container(keyedBy: type)
    advance(past: node)
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let node = try next()
    let container = try NestedJSONDecoding(decoder: decoder, node: node).unkeyedContainer()
    advance(past: node)
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let node = try next()
    advance(past: node)
    return NestedJSONDecoding(decoder: decoder, node: node)
  }
}
