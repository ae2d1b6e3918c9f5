import Foundation

/// A decoder of placeholder values that differ at one coding path only, for ``CodingKeyMap``.
///
/// Every value is neutral (0, `""`, `false`, an empty array, an optional's `nil`), but for the
/// values at or under ``target`` when ``marks`` is set, which are *marked* (1, `"m"`, `true`,
/// another case, an array of one element, an optional's value). Optionals on the way to the
/// target hold a value, so the target is reached. Decoding with the target `[]` and a recorder
/// lists the coding paths the type's decoding asks for.
struct MarkingDecoder: Decoder {
  /// The coding paths a decoding asked for, in order.
  final class PathRecorder {
    var paths: [[String]] = []
    private var seen = Set<[String]>()

    func record(_ path: [String]) {
      if seen.insert(path).inserted { paths.append(path) }
    }
  }

  let target: [String]
  let marks: Bool
  var recorder: PathRecorder?
  /// The coding path of the value this decoder decodes; `nil` inside an array, where key paths
  /// cannot reach.
  var path: [String]? = []
  /// Whether the value is at or under the target.
  var isMarked: Bool {
    guard marks else { return false }
    guard let path else { return false }
    return path.starts(with: target)
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(target: [String], marks: Bool, recorder: PathRecorder? = nil) {
    self.target = target
    self.marks = marks
    self.recorder = recorder
  }

  /// The decoder of a value one key further down.
  func child(_ key: String) -> MarkingDecoder {
    var child = self
    child.path = path.map { $0 + [key] }
    if let recorded = child.path, recorded.count <= CodingKeyMap.maximumDepth { recorder?.record(recorded) }
    return child
  }

  /// The decoder of an array's elements: marked as the array is, and unrecorded.
  func element() -> MarkingDecoder {
    var element = self
    if isMarked { element.path = target } else { element.path = nil }
    element.recorder = nil
    return element
  }

  /// Whether an optional value here holds a value: when marked, on the way to the target, or
  /// when listing paths; never deeper than the probe follows.
  var holdsValue: Bool {
    guard let path else { return isMarked }
    guard path.count <= CodingKeyMap.maximumDepth else { return false }
    // Listing paths, every optional holds a value so that what lies inside it is listed too.
    if recorder != nil || isMarked { return true }
    return path.count < target.count && target.starts(with: path)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(MarkingKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    MarkingUnkeyedContainer(decoder: element(), count: isMarked ? 1 : 0)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { MarkingSingleValue(decoder: self) }

  /// The placeholder of a type at this decoder's path.
  func value<T: Decodable>(_ type: T.Type) throws -> T {
    if isMarked, let marked = Self.marked(type) { return marked }
    if let neutral = ProbeDecoder.neutral(type) { return neutral }
    if let cases = type as? any CaseIterable.Type, let value = Self.someCase(cases, marked: isMarked) as? T {
      return value
    }
    return try T(from: self)
  }

  private static func someCase<C: CaseIterable>(_ type: C.Type, marked: Bool) -> Any? {
    marked ? type.allCases.dropFirst().first ?? type.allCases.first : type.allCases.first
  }

  /// A marked value of a scalar type: one that differs from its neutral value.
  static func marked<T>(_ type: T.Type) -> T? {
    let value: Any? =
      switch type {
      case is Bool.Type: true
      case is String.Type: "m"
      case is Double.Type: 1.0
      case is Float.Type: Float(1)
      case is Int.Type: 1
      case is Int8.Type: Int8(1)
      case is Int16.Type: Int16(1)
      case is Int32.Type: Int32(1)
      case is Int64.Type: Int64(1)
      case is UInt.Type: UInt(1)
      case is UInt8.Type: UInt8(1)
      case is UInt16.Type: UInt16(1)
      case is UInt32.Type: UInt32(1)
      case is UInt64.Type: UInt64(1)
      case is Date.Type: Date(timeIntervalSinceReferenceDate: 1)
      case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
      case is Data.Type: Data([1])
      case is URL.Type: URL(string: "about:marked")
      default: nil
      }
    return value as? T
  }
}

/// The marking decoder's keyed container: every key is present.
struct MarkingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: MarkingDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool { !decoder.child(key.stringValue).holdsValue }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.child(key.stringValue).value(type)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let child = decoder.child(key.stringValue)
    return child.holdsValue ? try child.value(type) : nil
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(MarkingKeyedContainer<NestedKey>(decoder: decoder.child(key.stringValue)))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(key.stringValue).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { decoder.child("super") }

  func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(key.stringValue) }
}

/// An unkeyed container of `count` placeholder elements.
struct MarkingUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: MarkingDecoder
  let elements: Int
  var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var count: Int? { elements }
  var isAtEnd: Bool { currentIndex >= elements }

  init(decoder: MarkingDecoder, count: Int) {
    self.decoder = decoder
    elements = count
  }

  mutating func decodeNil() throws -> Bool { false }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard !isAtEnd else { throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "end")) }
    currentIndex += 1
    return try decoder.value(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    currentIndex += 1
    return KeyedDecodingContainer(MarkingKeyedContainer<NestedKey>(decoder: decoder))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    currentIndex += 1
    return try decoder.unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    currentIndex += 1
    return decoder
  }
}

/// A single value: the placeholder of its type at the decoder's path.
struct MarkingSingleValue: SingleValueDecodingContainer {
  let decoder: MarkingDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { !decoder.holdsValue }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
}
