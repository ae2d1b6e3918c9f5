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

  /// Whether a string may change under NFC: only text with a scalar at or above U+0300 (the
  /// combining marks and everything after them) can.
  static func needsNormalization(_ text: String) -> Bool {
    if let answer = text.utf8.withContiguousStorageIfAvailable({ bytes in bytes.contains { $0 >= 0xCC } }) {
      return answer
    }
    return text.utf8.contains { $0 >= 0xCC }
  }
}
