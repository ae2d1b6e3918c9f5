import Foundation
import Repositories
import SQLValues

/// Decodes one stored value, such as the result of `min(…)` or a `GROUP BY` key, as the Swift
/// type of the attribute it came from.
struct ScalarDecoder: Decoder, SingleValueDecodingContainer {
  let value: SQLValue
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Decodes a value as `T`.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` if the value does not fit the type.
  static func decode<T: Decodable>(_ type: T.Type, from value: SQLValue) throws(PersistenceError) -> T {
    do {
      return try ScalarDecoder(value: value).decode(type)
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .invalidValue("\(value) cannot be read as \(T.self): \(error)")
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw mismatch("a keyed value")
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch("an array") }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value == .null }

  func decode(_ type: Bool.Type) throws -> Bool { try integer() != 0 }

  func decode(_ type: String.Type) throws -> String {
    guard case .text(let text) = value else { throw mismatch("text") }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double {
    switch value {
    case .real(let real): return real
    case .integer(let integer): return Double(integer)
    default: throw mismatch("a number")
    }
  }

  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

  func decode<T: Decodable & FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard let result = T(exactly: try integer()) else { throw mismatch("\(T.self)") }
    return result
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    switch type {
    case is Date.Type:
      return try Date(timeIntervalSinceReferenceDate: decode(Double.self)) as! T
    case is UUID.Type:
      guard case .blob(let data) = value, data.count == 16 else { throw mismatch("a UUID") }
      return UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }) as! T
    case is Data.Type:
      guard case .blob(let data) = value else { throw mismatch("a blob") }
      return data as! T
    case is URL.Type:
      guard let url = URL(string: try decode(String.self)) else { throw mismatch("a URL") }
      return url as! T
    default:
      return try T(from: self)
    }
  }

  private func integer() throws -> Int64 {
    guard case .integer(let integer) = value else { throw mismatch("an integer") }
    return integer
  }

  private func mismatch(_ expected: String) -> PersistenceError {
    .invalidValue("the stored value \(value) is not \(expected)")
  }
}

extension ScalarDecoder {
  /// Reads an aggregate's value as the type of the attribute it came from, which must be
  /// `Decodable` (every stored attribute of a `Codable` model is), as a repository reports it.
  static func attribute<Value>(
    _ type: Value.Type, from value: SQLValue, of model: String
  ) throws(RepositoryError)
    -> Value
  {
    guard let decodable = type as? any Decodable.Type else {
      throw .unsupportedQuery("\(Value.self) is not Decodable, so it cannot be read from \(model)'s table")
    }
    do {
      guard let result = try decode(decodable, from: value) as? Value else {
        throw PersistenceError.invalidValue("\(value) is not a \(Value.self)")
      }
      return result
    } catch {
      throw RepositoryError(error, modelName: model)
    }
  }
}
