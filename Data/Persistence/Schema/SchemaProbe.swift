import Foundation

/// Discovers a model's stored attributes by decoding a placeholder instance.
///
/// The probe is a `Decoder` that answers every request with a neutral value (0, "", an empty
/// array) and records, for each top-level coding key, what type was asked for and whether it
/// was optional. Synthesized `Decodable` conformances ask for every key in declaration order,
/// so the record is the model's columns.
enum SchemaProbe {
  /// Returns the columns of a model type, in coding-key order.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` if the model cannot be probed (for
  ///   example an enum property whose type is neither `CaseIterable` nor has a valid empty
  ///   raw value).
  static func columns<Model: Decodable>(of type: Model.Type) throws(PersistenceError) -> [Column] {
    let recorder = ProbeRecorder()
    do {
      _ = try Model(from: ProbeDecoder(recorder: recorder, depth: 0))
    } catch let refusal as UnstorableType {
      throw .invalidSchema(
        "\(Model.self).\(refusal.key) is a \(refusal.type), which the engine does not store: \(refusal.advice)")
    } catch {
      throw .invalidSchema("cannot infer the attributes of \(Model.self): \(error)")
    }
    return recorder.columns
  }
}

/// The columns a probe has found so far.
final class ProbeRecorder {
  var columns: [Column] = []
  /// Keys seen by `decodeNil` and not yet decoded: the optional properties.
  var pendingOptional = Set<String>()

  func record(_ key: some CodingKey, _ kind: ValueKind, optional: Bool) {
    if let existing = columns.firstIndex(where: { $0.name == key.stringValue }) {
      let merged = Column(name: key.stringValue, kind: kind, isOptional: optional || columns[existing].isOptional)
      columns[existing] = merged
    } else {
      columns.append(Column(name: key.stringValue, kind: kind, isOptional: optional))
    }
  }

  /// The kind a value of this type is stored as, if it is one the engine knows.
  static func kind(of type: Any.Type) -> ValueKind? {
    switch type {
    case is Bool.Type: .bool
    case is String.Type: .text
    case is Double.Type, is Float.Type: .real
    case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
      is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
      .integer
    case is Date.Type: .date
    case is UUID.Type: .uuid
    case is Data.Type: .blob
    case is URL.Type: .url
    case let raw as any RawRepresentable.Type: rawKind(raw)
    default: nil
    }
  }

  private static func rawKind<R: RawRepresentable>(_ type: R.Type) -> ValueKind? {
    switch R.RawValue.self {
    case is String.Type: .text
    case is Int.Type: .integer
    default: nil
    }
  }
}

/// A decoder that returns neutral values and reports top-level keys to a recorder.
struct ProbeDecoder: Decoder {
  let recorder: ProbeRecorder
  let depth: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeUnkeyedContainer() }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { ProbeSingleValue(decoder: self) }

  /// A neutral value of any decodable type.
  func placeholder<T: Decodable>(_ type: T.Type) throws -> T {
    if let value = Self.neutral(type) { return value }
    if let cases = type as? any CaseIterable.Type, let first = Self.firstCase(cases) as? T {
      return first
    }
    return try T(from: ProbeDecoder(recorder: recorder, depth: depth + 1))
  }

  private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { type.allCases.first }

  static func neutral<T>(_ type: T.Type) -> T? {
    let value: Any? =
      switch type {
      case is Bool.Type: false
      case is String.Type: ""
      case is Double.Type: 0.0
      case is Float.Type: Float(0)
      case is Int.Type: 0
      case is Int8.Type: Int8(0)
      case is Int16.Type: Int16(0)
      case is Int32.Type: Int32(0)
      case is Int64.Type: Int64(0)
      case is UInt.Type: UInt(0)
      case is UInt8.Type: UInt8(0)
      case is UInt16.Type: UInt16(0)
      case is UInt32.Type: UInt32(0)
      case is UInt64.Type: UInt64(0)
      case is Date.Type: Date(timeIntervalSinceReferenceDate: 0)
      case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
      case is Data.Type: Data()
      case is URL.Type: URL(string: "about:blank")
      default: nil
      }
    return value as? T
  }
}

/// The probe's keyed container: records each key at the top level.
struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ProbeDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool {
    // Only optional properties ask; answering `false` makes them decode their wrapped type,
    // which is recorded as optional below.
    if decoder.depth == 0 { decoder.recorder.pendingOptional.insert(key.stringValue) }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try UnstorableType.check(type, key: key)
    if decoder.depth == 0 {
      let optional = decoder.recorder.pendingOptional.remove(key.stringValue) != nil
      decoder.recorder.record(key, ProbeRecorder.kind(of: type) ?? .json, optional: optional)
    }
    return try decoder.placeholder(type)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try UnstorableType.check(type, key: key)
    if decoder.depth == 0 {
      decoder.recorder.record(key, ProbeRecorder.kind(of: type) ?? .json, optional: true)
    }
    return try decoder.placeholder(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    if decoder.depth == 0 { decoder.recorder.record(key, .json, optional: false) }
    return KeyedDecodingContainer(
      ProbeKeyedContainer<NestedKey>(decoder: ProbeDecoder(recorder: decoder.recorder, depth: decoder.depth + 1)))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    if decoder.depth == 0 { decoder.recorder.record(key, .json, optional: false) }
    return ProbeUnkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { ProbeDecoder(recorder: decoder.recorder, depth: decoder.depth + 1) }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ProbeDecoder(recorder: decoder.recorder, depth: decoder.depth + 1)
  }
}

/// An unkeyed container that is always empty: arrays probe as `[]`.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int? { 0 }
  var isAtEnd: Bool { true }
  var currentIndex: Int { 0 }

  mutating func decodeNil() throws -> Bool { true }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "empty probe"))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "empty probe"))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { self }

  mutating func superDecoder() throws -> any Decoder {
    throw DecodingError.valueNotFound(Int.self, .init(codingPath: [], debugDescription: "empty probe"))
  }
}

/// A single-value container answering with neutral values.
struct ProbeSingleValue: SingleValueDecodingContainer {
  let decoder: ProbeDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.placeholder(type) }
}

/// A type the engine cannot store faithfully, met by the probe: `Decimal`, whose `Codable` form
/// is its internal parts, which SQL can neither compare nor compute with.
struct UnstorableType: Error {
  let key: String
  let type: String
  let advice: String

  static func check(_ type: Any.Type, key: some CodingKey) throws {
    if type == Decimal.self || type == Decimal?.self {
      throw UnstorableType(
        key: key.stringValue, type: "Decimal",
        advice: "store its text (`description`), or an integer count of its smallest unit, and convert in the model")
    }
  }
}
