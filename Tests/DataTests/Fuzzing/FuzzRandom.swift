import Foundation
import RepositoryTesting
import TestSupport

/// A seeded random source, so every fuzzed case can be reproduced from its seed.
struct FuzzRandom {
  private var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { generator.next() }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

  /// One of the given values.
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

  /// True with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  /// An integer, often small, sometimes an extreme.
  mutating func integer() -> Int {
    switch below(10) {
    case 0: pick([Int.min, Int.max, Int.min + 1, Int.max - 1])
    case 1...2: below(2_000_001) - 1_000_000
    default: below(21) - 10
    }
  }

  /// A double, including signed zeros, extremes and infinities.
  mutating func double() -> Double {
    switch below(10) {
    case 0: pick([-0.0, 0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.leastNonzeroMagnitude, 1e-300])
    case 1...3: Double(below(2001) - 1000) / 8
    default: Double(below(21) - 10)
    }
  }

  /// Text from pieces that stress matching: case, accents composed and decomposed, combining
  /// marks alone, SQL wildcards, NUL, emoji, scripts beyond Latin, and FTS5's query syntax
  /// (quotes, `*`, `^`, parentheses, `NEAR`, `AND`); sometimes long enough for the substring
  /// index to narrow a search.
  mutating func text() -> String {
    let pieces = [
      "", "a", "A", "b", "ab", "é", "e\u{301}", "E", "%", "_", "\u{0}", "🎬", "千", "ß", "ss", " ", "z", "aé",
      "\"", "*", "^", "(", "NEAR", "AND", "and", "\u{301}", "abc", "ABC", "Ab", "\"a\"",
    ]
    return (0..<below(oneIn(3) ? 8 : 4)).map { _ in pick(pieces) }.joined()
  }

  /// A needle for `contains`, long enough for the substring index, often found in ``text()``:
  /// a piece or two of it, in another case, decomposed, or with FTS5's query syntax.
  mutating func needle() -> String {
    let pieces = [
      "abc", "ABC", "bcA", "NEAR", "AND", "ND\"", "\"a\"", "e\u{301}a", "éa", "aé\"", "(NEAR", "*^(", "ssA", "🎬🎬🎬",
      "a\u{301}b", "AND*",
    ]
    return oneIn(3) ? pick(pieces) + text() : pick(pieces)
  }

  /// A date within a few seconds of a fixed instant, with sub-second parts.
  mutating func date() -> Date {
    Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(below(41) - 20) / 4)
  }
}
