import Foundation
import Persistence
import RepositoryTesting
import TestSupport

/// The model the PostgreSQL predicate tests store: one attribute of each kind a predicate
/// compares, optional and not, and two JSON documents (an array and a nested struct).
struct QueryRecord: PersistentModel, Equatable {
  enum Genre: String, Codable, CaseIterable { case drama, comedy, horror }
  struct Info: Codable, Equatable {
    var year: Int
    var note: String?
    var seen: Date?
    var liked: Bool
  }

  var id: UUID
  var int: Int
  var small: Int
  var optInt: Int?
  var double: Double
  var text: String
  var optText: String?
  var flag: Bool
  var optFlag: Bool?
  var date: Date
  var optDate: Date?
  var token: UUID
  var optToken: UUID?
  var bytes: Data
  var genre: Genre
  var tags: [String]
  var info: Info
}

/// Random values that stress what PostgreSQL must answer as Swift does.
struct QueryRandom {
  private var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { generator.next() }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

  /// True with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  /// One of the values.
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  /// A value, or `nil` one time in three.
  mutating func optional<T>(_ make: (inout QueryRandom) -> T) -> T? { oneIn(3) ? nil : make(&self) }

  /// An integer: small and negative often, the extremes sometimes.
  mutating func integer() -> Int {
    switch below(8) {
    case 0: pick([Int.min, Int.max, Int.min + 1, Int.max - 1])
    case 1: below(2_000_001) - 1_000_000
    default: below(41) - 20
    }
  }

  /// A double: signed zeros, infinities, extremes, halves.
  mutating func double() -> Double {
    switch below(8) {
    case 0: pick([-0.0, 0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.leastNonzeroMagnitude, 1e-300])
    case 1...2: Double(below(2001) - 1000) / 8
    default: Double(below(21) - 10)
    }
  }

  /// Pieces of text where code points and Swift's characters part: combining marks, emoji with
  /// modifiers and joiners, flags, astral characters, case, LIKE's wildcards, and the characters
  /// PostgreSQL's text and JSON cannot hold as they are (NUL, and U+0001 which escapes it; a
  /// backslash spelling an escape).
  static let pieces = [
    "", "a", "A", "b", "q", "q\u{307}", "é", "e\u{301}", "\u{301}", "👍", "👍🏽", "🏽", "👩‍👩‍👧", "\u{200D}", "🇫🇷", "🇫",
    "𝔘", "千", "ß", "ss", "SS", " ", "%", "_", "abc", "ABC", "Ab", "\"", "'", "\\", "\u{0}", "\u{1}", "\u{2}",
    "\\u0000",
  ]

  /// Text in NFC, as the engine stores it.
  mutating func text() -> String {
    (0..<below(oneIn(3) ? 6 : 4)).map { _ in pick(Self.pieces) }.joined().precomposedStringWithCanonicalMapping
  }

  /// A date near a fixed instant, with fractions finer than a microsecond, or far from it.
  mutating func date() -> Date {
    if oneIn(10) { return Date(timeIntervalSinceReferenceDate: pick([-62_000_000_000, 7_000_000_000, 0, -0.5])) }
    let fraction = Double(below(4)) / 4 + Double(below(3)) * 0.000_001 + (oneIn(3) ? 0.000_000_3 : 0)
    return Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(below(21) - 10) + fraction)
  }

  /// A UUID, one of a few often, so that equal ones occur.
  mutating func uuid() -> UUID {
    let halves = oneIn(2) ? (UInt64(below(4)) &* 0x9E37_79B9_7F4A_7C15, 7) : (next(), next())
    return UUID(uuid: withUnsafeBytes(of: halves) { $0.load(as: uuid_t.self) })
  }

  /// A record.
  mutating func record() -> QueryRecord {
    QueryRecord(
      id: UUID(uuid: withUnsafeBytes(of: (next(), next())) { $0.load(as: uuid_t.self) }), int: integer(),
      small: below(2001) - 1000, optInt: optional { $0.integer() }, double: double(), text: text(),
      optText: optional { $0.text() }, flag: oneIn(2), optFlag: optional { $0.oneIn(2) }, date: date(),
      optDate: optional { $0.date() }, token: uuid(), optToken: optional { $0.uuid() },
      bytes: Data((0..<below(4)).map { _ in UInt8(below(3)) }), genre: pick(QueryRecord.Genre.allCases),
      tags: (0..<below(4)).map { _ in text() },
      info: QueryRecord.Info(
        year: integer(), note: optional { $0.text() }, seen: optional { $0.date() }, liked: oneIn(2)))
  }
}
