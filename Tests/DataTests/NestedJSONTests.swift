import Foundation
import Testing

@testable import NestedJSON

// MARK: - Fixtures

private struct Address: Codable, Equatable {
  var street: String
  var number: Int
  var floor: Int8?
}

private struct Person: Codable, Equatable {
  enum Role: String, Codable { case lead, support }
  var id: UUID
  var name: String
  var born: Date
  var height: Double
  var address: Address
  var nicknames: [String]
  var role: Role
  var avatar: Data?
  var homepage: URL?
  var scores: [String: Int]
}

private enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case polygon([Int], closed: Bool)
  case empty
}

private struct Media: Codable, Equatable {
  var images: [Data]
}

private struct Numbers: Codable, Equatable {
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint: UInt
  var uint8: UInt8
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
  var float: Float
  var double: Double
  var decimal: Decimal
  var int128: Int128
  var uint128: UInt128
}

private let alice = Person(
  id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(),
  name: "Alice \"Al\" O'Hara\n\u{1F600}",
  born: Date(timeIntervalSinceReferenceDate: -123_456_789.123_456),
  height: 1.72,
  address: Address(street: "Rue de l'Église", number: 12, floor: nil),
  nicknames: ["al", "", "a/b\\c"],
  role: .lead,
  avatar: Data([0, 1, 2, 0xFE, 0xFF]),
  homepage: URL(string: "https://example.com/a%20b?q=1#top"),
  scores: ["math": 3, "art": -1]
)

/// A class hierarchy that encodes its superclass through `superEncoder()`.
private class Animal: Codable, Equatable {
  var legs: Int
  init(legs: Int) { self.legs = legs }
  static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.legs == rhs.legs && type(of: lhs) == type(of: rhs) }
}

private final class Dog: Animal {
  var name: String
  enum CodingKeys: String, CodingKey { case name }

  init(name: String, legs: Int) {
    self.name = name
    super.init(legs: legs)
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try super.encode(to: container.superEncoder())
  }

  static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.legs == rhs.legs }
}

/// Fills two nested arrays in turn, which a streaming writer cannot do in order.
private struct Interleaved: Encodable {
  enum CodingKeys: String, CodingKey { case x, y }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var x = container.nestedUnkeyedContainer(forKey: .x)
    var y = container.nestedUnkeyedContainer(forKey: .y)
    try x.encode(1)
    try y.encode(2)
    try x.encode(3)
  }
}

/// Encodes the key `a` twice; Foundation keeps the last value.
private struct DuplicateKey: Encodable {
  enum CodingKeys: String, CodingKey { case a, b }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(1, forKey: .a)
    try container.encode(2, forKey: .b)
    try container.encode(3, forKey: .a)
  }
}

/// Uses its super encoder only after writing another member, which a streaming writer
/// cannot place in order.
private struct LateSuper: Encodable {
  enum CodingKeys: String, CodingKey { case a }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let superEncoder = container.superEncoder()
    try container.encode(1, forKey: .a)
    var single = superEncoder.singleValueContainer()
    try single.encode("base")
  }
}

/// A subclass and its superclass that share one keyed container, as many hierarchies do.
private class Vehicle: Encodable {
  enum CodingKeys: String, CodingKey { case wheels }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(4, forKey: .wheels)
  }
}

private final class Car: Vehicle {
  enum CarKeys: String, CodingKey { case brand }
  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CarKeys.self)
    try container.encode("Volvo", forKey: .brand)
    try super.encode(to: encoder)
  }
}

/// Tries to encode values that fail, catches the errors and goes on.
private struct Forgiving: Encodable {
  enum CodingKeys: String, CodingKey { case bad, nested, good, list }
  struct Failing: Encodable {
    enum CodingKeys: String, CodingKey { case partial }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode("written", forKey: .partial)
      throw EncodingError.invalidValue(self, .init(codingPath: container.codingPath, debugDescription: "no"))
    }
  }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try? container.encode(Double.nan, forKey: .bad)
    try? container.encode(Failing(), forKey: .nested)
    try container.encode(1, forKey: .good)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try? list.encode(Failing())
    try list.encode(2)
    try list.encode(list.count)
  }
}

/// Encodes two values through one single-value container.
private struct TwoSingles: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(1)
    try container.encode(2)
  }
}

/// Asks for a keyed container after encoding a single value.
private struct MixedContainers: Encodable {
  enum CodingKeys: String, CodingKey { case a }
  func encode(to encoder: any Encoder) throws {
    var single = encoder.singleValueContainer()
    try single.encode(1)
    var keyed = encoder.container(keyedBy: CodingKeys.self)
    try keyed.encode(2, forKey: .a)
  }
}

/// Decodes an array, skipping the elements that are not integers.
private struct LossyIntegers: Decodable, Equatable {
  var values: [Int]
  init(values: [Int]) { self.values = values }
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    values = []
    while !container.isAtEnd {
      if let value = try? container.decode(Int.self) {
        values.append(value)
      } else {
        _ = try container.decode(Skipped.self)
      }
    }
  }
  private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}

/// Encodes nothing at all.
private struct Silent: Codable, Equatable {
  init() {}
  init(from decoder: any Decoder) throws {}
  func encode(to encoder: any Encoder) throws {}
}

// MARK: - Helpers

/// Encodes with a fresh ``NestedJSONEncoder``, returning the text.
private func ours<T: Encodable>(_ value: T) throws -> String {
  var bytes: [UInt8] = []
  try NestedJSONEncoder().encode(value, into: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// Decodes with a fresh ``NestedJSONDecoder``.
private func decodeOurs<T: Decodable>(_ type: T.Type, _ json: String) throws(NestedJSONError) -> T {
  try decodeOurs(type, Array(json.utf8))
}

private func decodeOurs<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws(NestedJSONError) -> T {
  let decoder = NestedJSONDecoder()
  do {
    return try bytes.withUnsafeBytes { buffer in try decoder.decode(type, from: buffer) }
  } catch let error as NestedJSONError {
    throw error
  } catch {
    throw .invalidValue(path: "", reason: "unexpected \(error)")
  }
}

/// The error decoding `json` as `T` throws, or `nil` if it decodes.
private func decodingError<T: Decodable>(_ type: T.Type, _ json: String) -> NestedJSONError? {
  do {
    _ = try decodeOurs(type, json)
    return nil
  } catch {
    return error
  }
}

/// The error encoding `value` throws, or `nil` if it encodes.
private func encodingError<T: Encodable>(_ value: T) -> NestedJSONError? {
  var bytes: [UInt8] = []
  do {
    try NestedJSONEncoder().encode(value, into: &bytes)
    return nil
  } catch {
    return error
  }
}

/// Checks, with shared coder instances, that `value` survives every pairing of our coders and
/// Foundation's: ours → ours, ours → Foundation, Foundation → ours.
private func expectRoundTrips<T: Codable & Equatable>(
  _ value: T,
  encoder: NestedJSONEncoder = NestedJSONEncoder(),
  decoder: NestedJSONDecoder = NestedJSONDecoder(),
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  var bytes: [UInt8] = []
  try encoder.encode(value, into: &bytes)
  let text = String(decoding: bytes, as: UTF8.self)

  let back = try bytes.withUnsafeBytes { try decoder.decode(T.self, from: $0) }
  #expect(back == value, "ours → ours: \(text)", sourceLocation: sourceLocation)

  let viaFoundation = try JSONDecoder().decode(T.self, from: Data(bytes))
  #expect(viaFoundation == value, "ours → Foundation: \(text)", sourceLocation: sourceLocation)

  let foundationBytes = try JSONEncoder().encode(value)
  let fromFoundation = try foundationBytes.withUnsafeBytes { try decoder.decode(T.self, from: $0) }
  #expect(
    fromFoundation == value, "Foundation → ours: \(String(decoding: foundationBytes, as: UTF8.self))",
    sourceLocation: sourceLocation)
}

// MARK: - Wire format

@Suite struct NestedJSONWireFormatTests {
  @Test func emptyContainersAreWrittenCompactly() throws {
    #expect(try ours([Data]()) == "[]")
    #expect(try ours([String: Int]()) == "{}")
    #expect(try ours([[Int]]([[]])) == "[[]]")
  }

  @Test func dataIsPaddedBase64() throws {
    #expect(try ours([Data([1, 2, 3]), Data(), Data([0xFF]), Data([0xFB, 0xEF])]) == #"["AQID","","/w==","++8="]"#)
  }

  @Test func dateIsSecondsSinceReferenceDate() throws {
    #expect(try ours([Date(timeIntervalSinceReferenceDate: 12.5)]) == "[12.5]")
    #expect(try ours([Date(timeIntervalSinceReferenceDate: 0)]) == "[0]")
  }

  @Test func uuidIsUppercaseString() throws {
    let uuid = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    #expect(try ours([uuid]) == #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]"#)
  }

  @Test func urlIsAbsoluteString() throws {
    let base = URL(string: "https://e.com/a/")
    #expect(try ours([URL(string: "b/c", relativeTo: base)]) == #"["https://e.com/a/b/c"]"#)
  }

  @Test func doublesUseShortestFormWithoutTrailingZero() throws {
    let values: [Double] = [1, -0.0, 0.1, 1e300, .leastNonzeroMagnitude, 1e-5, 1e16, 100, 2.5e-7]
    #expect(try ours(values) == "[1,-0,0.1,1e+300,5e-324,1e-05,1e+16,100,2.5e-07]")
    #expect(try ours([Float(0.1), Float(1)]) == "[0.1,1]")
  }

  @Test func integersAtTheirLimits() throws {
    #expect(try ours([Int64.min, Int64.max]) == "[-9223372036854775808,9223372036854775807]")
    #expect(try ours([UInt64.max]) == "[18446744073709551615]")
    #expect(try ours([Int8.min]) == "[-128]")
    #expect(try ours([Int128.min]) == "[-170141183460469231731687303715884105728]")
  }

  @Test func stringsEscapeOnlyWhatJSONRequires() throws {
    let text = "a/b\"c\\d\u{0}\u{1F}\n\t\r\u{8}\u{C}é😀\u{7F}"
    #expect(try ours([text]) == #"["a/b\"c\\d\u0000\u001f\n\t\r\b\fé😀\#u{7F}"]"#)
  }

  @Test func absentOptionalsAreOmittedAndNilInArraysIsNull() throws {
    #expect(try ours(Address(street: "x", number: 1, floor: nil)) == #"{"street":"x","number":1}"#)
    #expect(try ours([1, nil, 3] as [Int?]) == "[1,null,3]")
    #expect(try ours(Int?.none) == "null")
  }

  @Test func integerKeyedDictionariesAreObjectsWithStringKeys() throws {
    #expect(try ours([7: "a"]) == #"{"7":"a"}"#)
  }

  @Test func keysKeepTheOrderTheyAreEncodedIn() throws {
    #expect(try ours(Address(street: "x", number: 1, floor: 2)) == #"{"street":"x","number":1,"floor":2}"#)
  }

  @Test func superEncoderWritesTheSuperMember() throws {
    #expect(try ours(Dog(name: "Rex", legs: 4)) == #"{"name":"Rex","super":{"legs":4}}"#)
  }

  @Test func enumsWithAssociatedValuesNestContainers() throws {
    #expect(
      try ours([Shape.polygon([1, 2], closed: true), .empty])
        == #"[{"polygon":{"_0":[1,2],"closed":true}},{"empty":{}}]"#)
  }

  @Test func encodingAppendsToTheCallersBuffer() throws {
    let encoder = NestedJSONEncoder()
    var buffer = Array("row:".utf8)
    try encoder.encode(["a"], into: &buffer)
    try encoder.encode(Data([1]), into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == #"row:["a"]"AQ==""#)
  }

  @Test func containersFilledOutOfOrderMatchFoundation() throws {
    // Foundation's own member order varies from run to run here, so compare meanings.
    let json = try ours(Interleaved())
    #expect(try JSONDecoder().decode([String: [Int]].self, from: Data(json.utf8)) == ["x": [1, 3], "y": [2]])
    let encoder = NestedJSONEncoder()
    var buffer: [UInt8] = []
    try encoder.encode(Interleaved(), into: &buffer)
    buffer.removeAll()
    // The encoder streams again after a fallback.
    try encoder.encode(["ok"], into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == #"["ok"]"#)
  }

  @Test func aSuperEncoderUsedLateMatchesFoundation() throws {
    let json = try ours(LateSuper())
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["a"] as? Int == 1)
    #expect(object?["super"] as? String == "base")
  }

  @Test func classesSharingAContainerMergeTheirMembers() throws {
    #expect(try ours(Car()) == #"{"brand":"Volvo","wheels":4}"#)
  }

  @Test func aCaughtFailureLeavesNoTrace() throws {
    #expect(try ours(Forgiving()) == #"{"good":1,"list":[2,1]}"#)
    let foundation = try JSONEncoder().encode(Forgiving())
    #expect(try JSONSerialization.jsonObject(with: foundation) as? NSDictionary == ["good": 1, "list": [2, 1]])
  }

  @Test func aKeyEncodedTwiceKeepsTheLastValueLikeFoundation() throws {
    let json = try ours(DuplicateKey())
    #expect(try JSONDecoder().decode([String: Int].self, from: Data(json.utf8)) == ["a": 3, "b": 2])
  }

  @Test func aNestedValueThatEncodesNothingIsAnEmptyObject() throws {
    #expect(try ours([Silent(), Silent()]) == "[{},{}]")
  }

  @Test func outputIsReadBySQLiteStyleAndFoundationReaders() throws {
    let json = try ours(alice)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["name"] as? String == alice.name)
    #expect(object?["avatar"] as? String == "AAEC/v8=")
  }
}

// MARK: - Round trips

@Suite struct NestedJSONRoundTripTests {
  let encoder = NestedJSONEncoder()
  let decoder = NestedJSONDecoder()

  @Test func emptyAndSmallArraysOfData() throws {
    try expectRoundTrips([Data](), encoder: encoder, decoder: decoder)
    try expectRoundTrips([Data()], encoder: encoder, decoder: decoder)
    try expectRoundTrips([Data([1, 2]), Data([3, 4, 5, 6])], encoder: encoder, decoder: decoder)
    try expectRoundTrips(Media(images: [Data(repeating: 7, count: 100), Data()]), encoder: encoder, decoder: decoder)
  }

  @Test func dataOfEveryByteValueAndEveryPaddingLength() throws {
    try expectRoundTrips([Data((0...255).map { UInt8($0) })], encoder: encoder, decoder: decoder)
    for length in 0..<12 {
      try expectRoundTrips(
        [Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) })], encoder: encoder, decoder: decoder)
    }
    try expectRoundTrips(
      [Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })], encoder: encoder, decoder: decoder)
  }

  @Test func stringsWithEscapesNulEmojiAndLength() throws {
    let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
    let long = String(repeating: "abc\"def\\ghi\u{0}é😀\n/", count: 2_000)
    try expectRoundTrips(
      ["", " ", controls, long, "\u{2028}\u{2029}", "e\u{301}", "日本語", "🇫🇷👩‍👩‍👧", "\u{FFFF}\u{10FFFF}"],
      encoder: encoder, decoder: decoder)
    try expectRoundTrips(
      ["ascii only and long enough to take the word-at-a-time path"], encoder: encoder, decoder: decoder)
  }

  @Test func integersAtEveryWidthsLimits() throws {
    let numbers = Numbers(
      int8: .min, int16: .min, int32: .min, int64: .min, uint: .max, uint8: .max, uint16: .max,
      uint32: .max, uint64: .max, float: .greatestFiniteMagnitude, double: -.greatestFiniteMagnitude,
      decimal: Decimal(string: "-12345678901234567890.5") ?? 0, int128: .max, uint128: .max)
    try expectRoundTrips(numbers, encoder: encoder, decoder: decoder)
    try expectRoundTrips([Int64.min, -1, 0, 1, Int64.max], encoder: encoder, decoder: decoder)
    try expectRoundTrips([UInt64.max, 0], encoder: encoder, decoder: decoder)
  }

  @Test func doubleEdgeValuesRoundTripExactly() throws {
    let values: [Double] = [
      0.1, -0.0, 0, 1e300, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 1.0 / 3,
      0.1 + 0.2, 123_456_789.123_456_78, 9_007_199_254_740_994, 1e22, 1e23, -2.5e-7, 4.35, .leastNonzeroMagnitude * 3,
    ]
    try expectRoundTrips(values, encoder: encoder, decoder: decoder)
    var bytes: [UInt8] = []
    try encoder.encode(values, into: &bytes)
    let back = try bytes.withUnsafeBytes { try decoder.decode([Double].self, from: $0) }
    #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
  }

  @Test func randomDoublesRoundTripBitForBit() throws {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = []
    while values.count < 20_000 {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { values.append(value) }
    }
    for _ in 0..<5_000 {
      values.append(Double.random(in: 0..<1_000_000_000, using: &generator).rounded(.down) / 1_000_000)
    }
    var bytes: [UInt8] = []
    try encoder.encode(values, into: &bytes)
    let back = try bytes.withUnsafeBytes { try decoder.decode([Double].self, from: $0) }
    #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
    let viaFoundation = try JSONDecoder().decode([Double].self, from: Data(bytes))
    #expect(viaFoundation.map(\.bitPattern) == values.map(\.bitPattern))
  }

  @Test func floatsRoundTrip() throws {
    try expectRoundTrips(
      [Float(0.1), -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 3.4e38], encoder: encoder, decoder: decoder)
  }

  @Test func datesWithSubSecondPrecision() throws {
    try expectRoundTrips(
      [Date(timeIntervalSinceReferenceDate: 790_185_600.536_657_1), Date(), .distantPast, .distantFuture],
      encoder: encoder, decoder: decoder)
  }

  @Test func uuidsInBothLetterCases() throws {
    let uuids = (0..<50).map { _ in UUID() }
    try expectRoundTrips(uuids, encoder: encoder, decoder: decoder)
    let lower = "[\"\(uuids[0].uuidString.lowercased())\"]"
    #expect(try decodeOurs([UUID].self, lower) == [uuids[0]])
  }

  @Test func nestedStructsOptionalsEnumsAndDictionaries() throws {
    try expectRoundTrips(alice, encoder: encoder, decoder: decoder)
    var bob = alice
    bob.avatar = nil
    bob.homepage = nil
    bob.address.floor = -3
    bob.scores = [:]
    bob.role = .support
    try expectRoundTrips([alice, bob], encoder: encoder, decoder: decoder)
    try expectRoundTrips([1: "one", -2: "minus two"], encoder: encoder, decoder: decoder)
    try expectRoundTrips(["a": [1, 2], "b": []], encoder: encoder, decoder: decoder)
    try expectRoundTrips(
      [Shape.circle(radius: 2.5), .polygon([1, 2, 3], closed: false), .empty], encoder: encoder, decoder: decoder)
    try expectRoundTrips([[1, nil], nil, []] as [[Int?]?], encoder: encoder, decoder: decoder)
    try expectRoundTrips(Set(["x", "y"]), encoder: encoder, decoder: decoder)
    try expectRoundTrips([Person.Role.lead: 1], encoder: encoder, decoder: decoder)
  }

  @Test func stringKeyedDictionariesOfScalars() throws {
    try expectRoundTrips(["": "", "a\"b": "c\\d", "é": "😀"], encoder: encoder, decoder: decoder)
    try expectRoundTrips(["min": Int.min, "max": Int.max], encoder: encoder, decoder: decoder)
    try expectRoundTrips(
      ["tiny": .leastNonzeroMagnitude, "neg": -0.5, "big": 1e300], encoder: encoder, decoder: decoder)
    try expectRoundTrips([String: Double](), encoder: encoder, decoder: decoder)
  }

  @Test func classHierarchiesThroughSuperEncoder() throws {
    try expectRoundTrips(Dog(name: "Rex", legs: 4), encoder: encoder, decoder: decoder)
  }

  @Test func topLevelScalars() throws {
    try expectRoundTrips("text", encoder: encoder, decoder: decoder)
    try expectRoundTrips(42, encoder: encoder, decoder: decoder)
    try expectRoundTrips(true, encoder: encoder, decoder: decoder)
    try expectRoundTrips(Int?.none, encoder: encoder, decoder: decoder)
    try expectRoundTrips(Data([9]), encoder: encoder, decoder: decoder)
  }
}

// MARK: - Reading JSON written by others

@Suite struct NestedJSONReadingTests {
  @Test func whitespaceEscapedKeysAndSlashesAreRead() throws {
    let json = " {\n\t\"str\\u0065et\" : \"a\\/b\" , \"number\":1e1 ,\"floor\":null } "
    #expect(try decodeOurs(Address.self, json) == Address(street: "a/b", number: 10, floor: nil))
  }

  @Test func surrogatePairsBecomeOneCharacter() throws {
    #expect(try decodeOurs([String].self, #"["\ud83d\ude00\u00e9\u0000"]"#) == ["😀é\u{0}"])
  }

  @Test func absentAndNullMembersDecodeAsNil() throws {
    #expect(try decodeOurs(Address.self, #"{"street":"s","number":2}"#).floor == nil)
    #expect(try decodeOurs(Address.self, #"{"floor":null,"number":2,"street":"s"}"#).floor == nil)
  }

  @Test func membersMayComeInAnyOrder() throws {
    let json = #"{"floor":1,"number":2,"street":"s"}"#
    #expect(try decodeOurs(Address.self, json) == Address(street: "s", number: 2, floor: 1))
  }

  @Test func wholeNumbersWithFractionOrExponentReadAsIntegers() throws {
    #expect(try decodeOurs([Int].self, "[1.0,1e2,-0]") == [1, 100, 0])
  }

  @Test func aFailedElementIsNotConsumed() throws {
    #expect(try decodeOurs(LossyIntegers.self, #"[1,"x",2,{"a":[]},3]"#) == LossyIntegers(values: [1, 2, 3]))
  }

  @Test func escapedKeysAreReadAsDictionaryKeys() throws {
    #expect(try decodeOurs([String: Int].self, #"{"a\"b":1,"\u00e9":2}"#) == ["a\"b": 1, "é": 2])
  }

  @Test func aKeyWrittenTwiceReadsAsItsFirstValueLikeFoundation() throws {
    #expect(try decodeOurs([String: Int].self, #"{"a":1,"b":2,"a":3}"#) == ["a": 1, "b": 2])
    #expect(try decodeOurs([String: [Int]].self, #"{"a":[1],"a":[3]}"#) == ["a": [1]])
  }

  @Test func integerKeyedDictionariesReadFromStringKeys() throws {
    #expect(try decodeOurs([Int: String].self, #"{"7":"a","-1":"b"}"#) == [7: "a", -1: "b"])
  }

  @Test func theDecoderIsReusableAcrossDocuments() throws {
    let decoder = NestedJSONDecoder()
    for json in [#"["a"]"#, "[]", #"["b","c"]"#] {
      let strings = try Array(json.utf8).withUnsafeBytes { try decoder.decode([String].self, from: $0) }
      #expect(strings.count == json.filter { $0 == "\"" }.count / 2)
    }
  }
}

// MARK: - Errors

@Suite struct NestedJSONErrorTests {
  @Test func truncatedJSONNamesTheOffset() {
    #expect(decodingError([Int].self, "[1,2") == .invalidJSON(offset: 4, reason: "unexpected end of input"))
    #expect(decodingError([String].self, #"["abc"#) == .invalidJSON(offset: 1, reason: "the string is not terminated"))
    #expect(decodingError([Int].self, "") == .invalidJSON(offset: 0, reason: "unexpected end of input"))
  }

  @Test func malformedJSONIsRejected() {
    for json in [
      "[01]", "[1,]", "[1] x", "{\"a\" 1}", "[tru]", "[\"\\x\"]", "[-]", "[1.]", "[1e]", "[\"a\u{1}\"]", "{1:2}",
    ] {
      guard case .invalidJSON = decodingError([Int].self, json) else {
        Issue.record("\(json) was not rejected as invalid JSON")
        continue
      }
    }
  }

  @Test func loneSurrogatesAndInvalidUTF8AreRejected() {
    guard case .invalidJSON = decodingError([String].self, #"["\ud800"]"#) else {
      Issue.record("a lone high surrogate was accepted")
      return
    }
    guard case .invalidJSON = decodingError([String].self, #"["\udc00"]"#) else {
      Issue.record("a lone low surrogate was accepted")
      return
    }
    #expect(throws: NestedJSONError.invalidJSON(offset: 2, reason: "the string is not valid UTF-8")) {
      try decodeOurs([String].self, [0x5B, 0x22, 0xFF, 0x22, 0x5D])
    }
  }

  @Test func deepNestingIsRejected() {
    let json = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(decodingError([Int].self, json) == .invalidJSON(offset: 512, reason: "nesting is deeper than 512 levels"))
  }

  @Test func wrongTypeNamesThePath() {
    #expect(
      decodingError(Media.self, #"{"images":["AQ==","",3]}"#)
        == .typeMismatch(path: "images[2]", expected: "a base64 string"))
    #expect(
      decodingError([Address].self, #"[{"street":"s","number":"1"}]"#)
        == .typeMismatch(path: "[0].number", expected: "an integer (Int)"))
    #expect(
      decodingError(Address.self, #"{"street":null,"number":1}"#)
        == .typeMismatch(path: "street", expected: "a string, not null"))
    #expect(decodingError([Int].self, "{}") == .typeMismatch(path: "", expected: "an array"))
  }

  @Test func missingKeyNamesThePath() {
    #expect(decodingError(Address.self, #"{"street":"s"}"#) == .keyNotFound(path: "number"))
    #expect(decodingError(Resident.self, #"{"address":{"number":1}}"#) == .keyNotFound(path: "address.street"))
    #expect(
      decodingError([Address].self, #"[{"street":"s","number":1},{"street":"s"}]"#) == .keyNotFound(path: "[1].number"))
    let message = NestedJSONError.keyNotFound(path: "address.street").description
    #expect(message == "No value at address.street.")
  }

  @Test func outOfRangeAndInvalidValuesAreExplained() {
    #expect(
      decodingError([Int8].self, "[1,300]")
        == .invalidValue(path: "[1]", reason: "300 is not representable as Int8"))
    #expect(
      decodingError([UInt64].self, "[18446744073709551616]")
        == .invalidValue(path: "[0]", reason: "18446744073709551616 is not representable as UInt64"))
    #expect(decodingError([Int].self, "[1.5]") == .invalidValue(path: "[0]", reason: "1.5 is not representable as Int"))
    #expect(
      decodingError([Double].self, "[1e400]") == .invalidValue(path: "[0]", reason: "1e400 is out of range for Double"))
    #expect(
      decodingError([Data].self, #"["AQI"]"#) == .invalidValue(path: "[0]", reason: "the string is not valid base64"))
    #expect(decodingError([UUID].self, #"["nope"]"#) == .invalidValue(path: "[0]", reason: "\"nope\" is not a UUID"))
    guard case .invalidValue(path: "role", _) = decodingError(RoleHolder.self, #"{"role":"boss"}"#) else {
      Issue.record("an unknown raw value was not reported at its path")
      return
    }
  }

  @Test func nonFiniteNumbersAreNotEncoded() {
    #expect(
      encodingError(["values": [1, .nan]])
        == .invalidValue(path: "values[1]", reason: "nan cannot be written as a JSON number"))
    #expect(
      encodingError([Float.infinity]) == .invalidValue(path: "[0]", reason: "inf cannot be written as a JSON number"))
    #expect(encodingError([Decimal.nan]) != nil)
  }

  @Test func aFailedEncodingLeavesTheBufferUnchanged() {
    var buffer = Array("keep".utf8)
    #expect(throws: NestedJSONError.self) { try NestedJSONEncoder().encode([1, Double.nan], into: &buffer) }
    #expect(String(decoding: buffer, as: UTF8.self) == "keep")
  }

  @Test func containerMisuseIsAnErrorNotACrash() {
    #expect(
      encodingError(TwoSingles())
        == .invalidValue(path: "", reason: "a single value container was asked to encode a second value"))
    #expect(
      encodingError([MixedContainers()])
        == .invalidValue(
          path: "[0]", reason: "a keyed container was requested after the value was encoded as a single value"))
  }

  @Test func theEncoderIsReusableAfterAnError() throws {
    let encoder = NestedJSONEncoder()
    var buffer: [UInt8] = []
    #expect(throws: NestedJSONError.self) { try encoder.encode(TwoSingles(), into: &buffer) }
    try encoder.encode(Address(street: "s", number: 1, floor: nil), into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == #"{"street":"s","number":1}"#)
  }

  @Test func theDecoderIsReusableAfterAnError() throws {
    let decoder = NestedJSONDecoder()
    #expect(throws: NestedJSONError.self) {
      try Array("[1,".utf8).withUnsafeBytes { try decoder.decode([Int].self, from: $0) }
    }
    #expect(try Array("[1]".utf8).withUnsafeBytes { try decoder.decode([Int].self, from: $0) } == [1])
  }

  @Test func aTopLevelValueMustEncodeSomething() {
    #expect(encodingError(Silent()) == .invalidValue(path: "", reason: "the value did not encode anything"))
  }

  @Test func messagesNameThePath() {
    #expect(
      NestedJSONError.typeMismatch(path: "images[2]", expected: "a base64 string").description
        == "Type mismatch at images[2]: expected a base64 string.")
    #expect(
      NestedJSONError.invalidJSON(offset: 3, reason: "unexpected end of input").description
        == "Invalid JSON at byte 3: unexpected end of input.")
    #expect(NestedJSONError.invalidValue(path: "", reason: "x").description == "Invalid value at the top level: x.")
  }
}

private struct RoleHolder: Decodable {
  var role: Person.Role
}

private struct Resident: Decodable {
  var address: Address
}
