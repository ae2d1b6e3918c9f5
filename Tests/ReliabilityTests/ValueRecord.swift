import Foundation
import Persistence
import RepositoryTesting
import TestSupport

/// A model with one attribute of each kind a value can take, filled at random for the
/// round-trip property test.
struct ValueRecord: PersistentModel, Equatable {
  /// A nested `Codable` value, stored as JSON.
  struct Nested: Codable, Equatable, Sendable {
    var name: String
    var numbers: [Int64]
    var flags: [String: Bool]
    var inner: Inner?
  }

  /// A value nested two levels deep.
  struct Inner: Codable, Equatable, Sendable {
    var bytes: Data
    var when: Date
    var ratio: Double
  }

  var id: Int64
  var text: String
  var optionalText: String?
  var data: Data
  var optionalData: Data?
  var integer: Int64
  var real: Double
  var date: Date
  var optionalDate: Date?
  var nested: Nested
}

/// Random values that lean on the edges: NUL and combining marks in text, empty versus absent
/// data, `Int64`'s extremes, `-0.0`, sub-second dates of every year from 1 to 9999.
struct ValueGenerator {
  var random: SplitMix64

  /// Seconds from 2001-01-01 to 00:00 UTC on the first of January of a year of the proleptic
  /// Gregorian calendar.
  static func startOfYear(_ year: Int) -> Double {
    // Days from 1970-01-01 to year-01-01 (Howard Hinnant's days_from_civil, March-based years).
    let y = year - 1
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = 306  // 1 January, counted from 1 March
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return Double(days) * 86_400 - 978_307_200
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

  mutating func text() -> String {
    let pieces: [String] = [
      "a", "Z", " ", "\u{0}", "\t", "\n", "\"", "'", "\\", "%", "_", "é", "e\u{301}", "Å", "A\u{30A}", "\u{212B}",
      "ß", "İ", "ﬁ", "한", "\u{1100}\u{1161}", "千", "🎬", "👩‍👩‍👧", "\u{202E}", "\u{FEFF}", "\u{7F}", "\u{1B}[31m",
      "\u{10FFFF}", "\u{FFFD}",
    ]
    return (0..<int(0...12)).map { _ in pieces[int(0...pieces.count - 1)] }.joined()
  }

  mutating func data() -> Data {
    if chance(20) { return Data() }
    return Data((0..<int(1...64)).map { _ in UInt8.random(in: 0...255, using: &random) })
  }

  mutating func integer() -> Int64 {
    let edges: [Int64] = [.min, .max, .min + 1, .max - 1, 0, -1, 1, Int64(Int32.max) + 1, -(1 << 53) - 1, 1 << 53 + 1]
    return chance(30) ? edges[int(0...edges.count - 1)] : Int64.random(in: .min ... .max, using: &random)
  }

  mutating func real(finite: Bool = false) -> Double {
    var edges: [Double] = [
      -0.0, 0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 1e-308,
    ]
    if !finite { edges += [.infinity, -.infinity] }
    if chance(30) { return edges[int(0...edges.count - 1)] }
    // Any finite bit pattern: every exponent and mantissa.
    while true {
      let value = Double(bitPattern: random.next())
      if value.isFinite { return value }
    }
  }

  /// A date in `year` (or a random year from 1 to 9999), to the sub-second.
  mutating func date(year: Int? = nil) -> Date {
    let year = year ?? int(1...9999)
    let offset = Double(int(0...365 * 86_400 - 1)) + Double(int(0...999_999)) / 1_000_000
    return Date(timeIntervalSinceReferenceDate: Self.startOfYear(year) + offset)
  }

  mutating func nested() -> ValueRecord.Nested {
    ValueRecord.Nested(
      name: text(), numbers: (0..<int(0...4)).map { _ in integer() },
      flags: Dictionary((0..<int(0...3)).map { _ in (text(), chance(50)) }, uniquingKeysWith: { first, _ in first }),
      inner: chance(70) ? ValueRecord.Inner(bytes: data(), when: date(), ratio: real(finite: true)) : nil)
  }

  /// A random record with id `id`, dated in `year` when given.
  mutating func record(id: Int64, year: Int? = nil) -> ValueRecord {
    ValueRecord(
      id: id, text: text(), optionalText: chance(30) ? nil : text(), data: data(),
      optionalData: chance(30) ? nil : data(),
      integer: integer(), real: real(), date: date(year: year), optionalDate: chance(30) ? nil : date(),
      nested: nested())
  }
}
