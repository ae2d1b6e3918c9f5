import Catalog
import Foundation

/// Measures what `Codable` alone costs to decode a `Movie`: a decoder that answers every
/// request with a constant, so no storage work is counted.
enum CodableFloor {
  static func measure(times: Int) throws -> Double {
    var total = 0
    let elapsed = try ContinuousClock().measure {
      for _ in 0..<times { total &+= try Movie(from: ConstantDecoder()).rate }
    }
    precondition(total >= 0)
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(times)
  }
}

private struct ConstantDecoder: Decoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed<Key>())
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw CocoaError(.coderInvalidValue) }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { throw CocoaError(.coderInvalidValue) }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }
  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { false }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { "text" }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { 1 }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    if T.self == Date.self { return unsafeBitCast(Date(timeIntervalSinceReferenceDate: 1), to: T.self) }
    if T.self == UUID.self {
      return unsafeBitCast(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), to: T.self)
    }
    if T.self == [Data].self { return unsafeBitCast([Data](), to: T.self) }
    throw CocoaError(.coderInvalidValue)
  }
  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> { throw CocoaError(.coderInvalidValue) }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw CocoaError(.coderInvalidValue)
  }
  func superDecoder() throws -> any Decoder { throw CocoaError(.coderInvalidValue) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw CocoaError(.coderInvalidValue) }
}
