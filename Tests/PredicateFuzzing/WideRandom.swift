import Foundation
import RepositoryTesting

/// A seeded random source of the wide fuzzer's values: each width at its extremes and near
/// zero, floating point with infinities and signed zeros, so every case replays from its seed.
struct WideRandom {
  private var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }

  /// One of the given values.
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  /// True with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  /// An integer of a width: its extremes, near them, or near zero. `UInt`'s stop at `Int64`'s
  /// greatest value, the most a store holds.
  mutating func value<W: FixedWidthInteger>() -> W {
    let greatest = W.bitWidth == 64 && !W.isSigned ? W(Int64.max) : W.max
    switch below(8) {
    case 0: return pick([W.min, greatest])
    case 1: return pick([W.min + 1, greatest - 1])
    case 2: return greatest / 2 + W(below(3))
    default:
      let small = below(21)
      return W.isSigned ? W(truncatingIfNeeded: small - 10) : W(small)
    }
  }

  /// A double: signed zeros, extremes, infinities and ordinary values.
  mutating func double() -> Double {
    switch below(8) {
    case 0: pick([-0.0, 0.0, .infinity, -.infinity, .greatestFiniteMagnitude, 9_007_199_254_740_992, 1e-300])
    case 1, 2: Double(below(2001) - 1000) / 8
    default: Double(below(11) - 5)
    }
  }

  /// A float: the values where `Float` arithmetic parts from `Double`'s, and infinities.
  mutating func float() -> Float {
    switch below(6) {
    case 0: pick([16_777_216, -16_777_218, .infinity, -.infinity, .greatestFiniteMagnitude, 0.1, -0.0])
    case 1: Float(below(201) - 100) / 10
    default: Float(below(11) - 5)
    }
  }

  /// A value, or its greatest finite magnitude where it is infinite: JSON holds no infinity.
  func finite<F: BinaryFloatingPoint>(_ value: F) -> F {
    value.isFinite ? value : (value < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude)
  }

  /// A date within a few seconds of a fixed instant.
  mutating func date() -> Date { Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(below(41) - 20) / 4) }

  /// Texts that part code points from characters, and SQL's wildcards.
  static let texts = ["", "a", "A", "ab", "é", "e\u{301}", "%", "_a", "🎬", "ß"]

  /// A record with random values, or extremes.
  mutating func record(id: Int, uuids: [UUID]) -> WideRecord {
    WideRecord(
      id: id, i8: value(), i16: value(), i32: value(), u8: value(), u32: value(), u: value(), int: value(), f: float(),
      d: double(), optD: oneIn(3) ? nil : double(), text: pick(Self.texts).precomposedStringWithCanonicalMapping,
      optText: oneIn(3) ? nil : pick(Self.texts).precomposedStringWithCanonicalMapping, date: date(),
      uuid: pick(uuids), optUUID: oneIn(3) ? nil : pick(uuids),
      data: pick([Data(), Data([0]), Data([1, 2]), Data([0, 0])]), level: pick(WideRecord.Level.allCases),
      optLevel: oneIn(3) ? nil : pick(WideRecord.Level.allCases), ids: (0..<below(3)).map { _ in pick(uuids) },
      numbers: (0..<below(4)).map { _ in value() },
      detail: detail(uuids: uuids), optDetail: oneIn(3) ? nil : detail(uuids: uuids), flag: oneIn(2),
      optFlag: oneIn(3) ? nil : oneIn(2), left: value(), right: value())
  }

  /// A nested value with random, finite values.
  mutating func detail(uuids: [UUID]) -> WideRecord.Detail {
    WideRecord.Detail(
      whole: finite(double()), single: finite(float()), count: oneIn(3) ? nil : value(),
      ids: (0..<below(3)).map { _ in pick(uuids) }, words: (0..<below(3)).map { _ in pick(Self.texts) },
      day: date(), name: pick(Self.texts).precomposedStringWithCanonicalMapping)
  }
}
