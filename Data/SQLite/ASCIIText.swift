import Foundation

/// Text tests on the bytes of ASCII text, where they give what Swift's `Character` tests give
/// without making a `String` of each side.
///
/// In ASCII every byte is a `Character` but for the pair `"\r\n"`, which is one, and no other
/// character is canonically equivalent to an ASCII one within ASCII text. So for an ASCII
/// haystack and an ASCII needle without `"\r"` or `"\n"`, every place the needle's bytes occur is
/// a run of whole characters equal to the needle's, and every run of characters equal to the
/// needle's is such a place. Where either side holds other text (a Kelvin sign equals `"K"`; an
/// `"e"` before a combining accent is not `"e"`), the tests answer `nil` and the caller compares
/// characters.
enum ASCIIText {
  /// Whether `haystack` holds `needle` as `Collection.contains(_:)` on their characters
  /// answers, or `nil` when either is not ASCII or the needle holds a line break.
  static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard applies(haystack, needle) else { return nil }
    guard let first = needle.first, let base = haystack.baseAddress, let pattern = needle.baseAddress else {
      return true
    }
    guard needle.count <= haystack.count else { return false }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      guard let found = memchr(base + start, Int32(first), last - start + 1) else { return false }
      let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      if memcmp(base + offset, pattern, needle.count) == 0 { return true }
      start = offset + 1
    }
    return false
  }

  /// Whether `haystack` starts with `needle` as `Sequence.starts(with:)` on their characters
  /// answers, or `nil` when either is not ASCII or the needle holds a line break.
  static func startsWith(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard applies(haystack, needle) else { return nil }
    guard let base = haystack.baseAddress, let pattern = needle.baseAddress, !needle.isEmpty else { return true }
    return needle.count <= haystack.count && memcmp(base, pattern, needle.count) == 0
  }

  /// Whether both sides are ASCII and the needle has no `"\r"` or `"\n"`.
  private static func applies(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in needle where byte >= 0x80 || byte == 0x0A || byte == 0x0D { return false }
    return isASCII(haystack)
  }

  /// Whether every byte is below 0x80, read eight bytes at a time.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= bytes.count {
      if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
      index += 8
    }
    while index < bytes.count {
      if bytes[index] >= 0x80 { return false }
      index += 1
    }
    return true
  }
}
