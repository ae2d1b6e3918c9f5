/// Word-at-a-time tests that find, eight bytes at once, the bytes a JSON string cannot hold
/// verbatim: `"`, `\` and the control characters below U+0020.
enum JSONStringScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The position, 0 to 7, of the first byte of `word` (read little-endian) that is `"`, `\`
  /// or below 0x20; 8 if there is none.
  ///
  /// Uses the classic "has zero byte" and "has byte less than n" bit tricks, which flag the
  /// high bit of such bytes; the lowest flag is always exact (a borrow can only flag bytes
  /// above a true one).
  @inline(__always)
  static func firstSpecialByte(in word: UInt64) -> Int {
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let hasQuote = (quote &- ones) & ~quote
    let hasBackslash = (backslash &- ones) & ~backslash
    let hasControl = (word &- (ones &* 0x20)) & ~word
    return ((hasQuote | hasBackslash | hasControl) & highBits).trailingZeroBitCount >> 3
  }

  /// Whether `byte` is `"`, `\` or below 0x20.
  @inline(__always)
  static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
  }

  /// The bytes of `word` before position `count` (0 to 8), the others cleared.
  @inline(__always)
  static func prefix(of word: UInt64, count: Int) -> UInt64 {
    count >= 8 ? word : word & ((1 << (UInt64(count) &* 8)) &- 1)
  }

  /// Whether any of the eight bytes of `word` is outside ASCII.
  @inline(__always)
  static func hasNonASCII(_ word: UInt64) -> Bool {
    (word & highBits) != 0
  }
}
