import Foundation
import Testing

@testable import Persistence

@Suite("Text is stored in NFC")
struct TextNormalizationTests {
  @Test(arguments: [
    "plain ASCII", "Amélie", "千と千尋の神隠し", "e\u{301}", "\u{212B}", "\u{1100}\u{1161}", "\u{0B47}\u{0B3E}",
    "か\u{3099}", "🎬👩‍👩‍👧", "ß", "\u{0}",
  ])
  func normalizedTextIsTheNFCForm(_ text: String) {
    let normalized = TextNormalization.nfc(text)
    #expect(Array(normalized.unicodeScalars) == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars))
    #expect(normalized == text)
  }

  @Test func theStableRangesAreScalarsNFCLeavesAndComposesWithNothing() {
    for range in TextNormalization.stableRanges {
      for value in range {
        let scalar = Unicode.Scalar(value)!
        #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(value, radix: 16))")
        #expect(!scalar.properties.isFullCompositionExclusion, "U+\(String(value, radix: 16))")
        // Composes with no scalar before it: after a letter, the pair is NFC as it is.
        for before in ["a", "\u{304B}", "\u{1100}", "\u{AC00}", "\u{0915}"] {
          let pair = before + String(scalar)
          #expect(Array(pair.precomposedStringWithCanonicalMapping.unicodeScalars) == Array(pair.unicodeScalars))
        }
      }
    }
  }

  @Test(arguments: [
    "Movie number 12 — Amélie", "ASCII only, longer than eight bytes at a time.", "e\u{301} after ASCII text",
    "ASCII text, then a combining mark: e\u{301}", "\u{212B}ngström", "か\u{3099}", "\u{1100}\u{1161}", "🎬 e\u{301}",
    "\u{0B47}\u{0B3E}", "ελληνικά \u{0387}", "— ‐ … 千と千尋", "한국어", "\u{AC00}\u{11A8}",
  ])
  func theFastCheckAgreesWithTheScalarProperties(_ text: String) {
    let slow = text.unicodeScalars.contains { scalar in
      guard scalar.value >= 0x300 else { return false }
      return scalar.properties.canonicalCombiningClass != .notReordered
        || scalar.properties.isFullCompositionExclusion
        || [
          0x0900...0x0DFF, 0x1000...0x109F, 0x1100...0x11FF, 0x1B00...0x1B7F, 0xA960...0xA97F, 0xD7B0...0xD7FF,
          0x11000...0x1137F,
        ].contains { $0.contains(scalar.value) }
    }
    #expect(TextNormalization.needsNormalization(text) == slow)
  }

  @Test func commonTextSkipsTheAlgorithm() {
    #expect(!TextNormalization.needsNormalization("千と千尋の神隠し"))
    #expect(!TextNormalization.needsNormalization("Amélie"))
    #expect(TextNormalization.needsNormalization("Ame\u{301}lie"))
  }
}
