import Foundation

/// Puts text in Unicode Normalization Form C before it is stored or bound.
///
/// Swift compares strings by canonical equivalence: `"é"` (one scalar) equals `"e\u{301}"`
/// (two). SQLite compares bytes. Storing and binding every string in NFC makes SQL's `=`,
/// `<` and `ORDER BY` agree with Swift's `==`, `<` and sorting; a string read back is equal
/// (`==`) to the one written, though its scalars may be composed.
enum TextNormalization {
  /// The NFC form of a string; most text needs no change and is returned as it is.
  static func nfc(_ text: String) -> String {
    needsNormalization(text) ? text.precomposedStringWithCanonicalMapping : text
  }

  /// Whether a string may change under NFC.
  ///
  /// Only a scalar at or above U+0300 can take part in normalization. Beyond that byte-level
  /// check, a scalar needs NFC's full algorithm only if it is a combining mark (a non-zero
  /// combining class), excluded from composition (singletons such as U+212B ANGSTROM SIGN), or
  /// one of the few starters that compose with what precedes them (Hangul jamo and vowel signs
  /// of Indic and South-East Asian scripts, whose blocks are checked whole). Other text, such
  /// as CJK ideographs and kana, is left as it is without running the algorithm.
  static func needsNormalization(_ text: String) -> Bool {
    let mayChange =
      text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 >= 0xCC } }
      ?? text.utf8.contains { $0 >= 0xCC }
    guard mayChange else { return false }
    return text.unicodeScalars.contains { scalar in
      guard scalar.value >= 0x300 else { return false }
      if scalar.properties.canonicalCombiningClass != .notReordered { return true }
      if scalar.properties.isFullCompositionExclusion { return true }
      return composingStarters.contains { $0.contains(scalar.value) }
    }
  }

  /// Blocks holding starters (combining class 0) that can compose with a preceding scalar.
  private static let composingStarters: [ClosedRange<UInt32>] = [
    0x0900...0x0DFF,  // Devanagari to Sinhala
    0x1000...0x109F,  // Myanmar
    0x1100...0x11FF,  // Hangul Jamo
    0x1B00...0x1B7F,  // Balinese
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xD7B0...0xD7FF,  // Hangul Jamo Extended-B
    0x11000...0x1137F,  // Brahmi to Grantha
  ]
}
