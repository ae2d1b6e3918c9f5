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
  /// Only a scalar at or above U+0300 can take part in normalization: its UTF-8 lead byte is
  /// 0xCC or more, and the text is scanned for one eight bytes at a time while it is ASCII. Such
  /// a scalar needs NFC's full algorithm only if it is a combining mark (a non-zero combining
  /// class), excluded from composition (singletons such as U+212B ANGSTROM SIGN), or one of the
  /// few starters that compose with what precedes them (Hangul jamo and vowel signs of Indic
  /// and South-East Asian scripts, whose blocks are checked whole). Other text, such as CJK
  /// ideographs, kana and punctuation, is left as it is without running the algorithm; the
  /// commonest of those scalars (``stableRanges``) are known without asking for their
  /// properties.
  static func needsNormalization(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { mayChange(utf8: $0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { mayChange(utf8: $0) }
  }

  /// ``needsNormalization(_:)`` on a string's UTF-8 bytes.
  private static func mayChange(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var index = 0
    let raw = UnsafeRawPointer(base)
    while index < count {
      while index &+ 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index &+= 8
      }
      guard index < count else { break }
      let lead = base[index]
      // ASCII, a continuation byte, or the lead byte of a scalar below U+0300.
      guard lead >= 0xCC else {
        index += 1
        continue
      }
      // Valid UTF-8 (a Swift string's): the lead byte says how many continuation bytes follow.
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for offset in 1..<length { value = value << 6 | UInt32(base[index + offset] & 0x3F) }
      if mayChange(scalar: value) { return true }
      index += length
    }
    return false
  }

  /// Whether a scalar at or above U+0300 may change under NFC, or change what precedes it.
  static func mayChange(scalar value: UInt32) -> Bool {
    if stableRanges.contains(where: { $0.contains(value) }) { return false }
    guard let scalar = Unicode.Scalar(value) else { return false }
    if scalar.properties.canonicalCombiningClass != .notReordered { return true }
    if scalar.properties.isFullCompositionExclusion { return true }
    return composingStarters.contains { $0.contains(value) }
  }

  /// Ranges of common scalars that NFC leaves as they are and that compose with nothing before
  /// them (the tests check every one against the properties): general punctuation's dashes,
  /// quotes, bullets and ellipsis, kana without the combining voicing marks, CJK ideographs and
  /// Hangul syllables.
  static let stableRanges: [ClosedRange<UInt32>] = [
    0x2010...0x2027,  // ‐ … ‧
    0x3041...0x3096,  // hiragana
    0x30A1...0x30FA,  // katakana
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xAC00...0xD7A3,  // Hangul syllables
  ]

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
