/// Checks bytes as UTF-8 (RFC 3629): no stray continuation bytes, overlong forms, surrogates
/// or values beyond U+10FFFF, so text that is not UTF-8 is refused rather than turned into
/// U+FFFD.
enum UTF8Check {
  /// The text the bytes spell, or the offset of the first byte that is not UTF-8.
  ///
  /// The bytes are checked here, ASCII eight at a time, and then made a `String` by
  /// `String(decoding:as:)`, whose own check of valid text is quick: `String(validating:as:)`
  /// is generic in the standard library, and looked up the metadata of its types for every
  /// field, most of its cost.
  static func decode(_ bytes: [UInt8]) -> Result<String, Invalid> {
    if let offset = bytes.withUnsafeBufferPointer(firstInvalidOffset) { return .failure(Invalid(offset: offset)) }
    return .success(String(decoding: bytes, as: UTF8.self))
  }

  /// The offset of the first byte that is not part of a valid UTF-8 sequence, or `nil` when
  /// every byte is.
  private static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset < bytes.count {
      if offset &+ 8 <= bytes.count,
        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        offset &+= 8
      } else if bytes[offset] < 0x80 {
        offset += 1
      } else {
        guard let length = scalarLength(bytes, at: offset) else { return offset }
        offset += length
      }
    }
    return nil
  }

  /// Where bytes stop being UTF-8.
  struct Invalid: Error, Equatable {
    /// The offset of the first byte that is not part of a valid sequence.
    let offset: Int
  }

  /// The length of the valid UTF-8 sequence at `offset`, or `nil` if none starts there.
  static func scalarLength(_ bytes: some RandomAccessCollection<UInt8>, at offset: Int) -> Int? {
    func byte(_ index: Int) -> UInt8? {
      index < bytes.count ? bytes[bytes.index(bytes.startIndex, offsetBy: index)] : nil
    }
    guard let lead = byte(offset) else { return nil }
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    case 0xF1...0xF3: length = 4
    default: return nil
    }
    guard let next = byte(offset + 1), second.contains(next) else { return nil }
    for index in 2..<length {
      guard let next = byte(offset + index), (0x80...0xBF).contains(next) else { return nil }
    }
    return length
  }

  /// A description of the byte at `offset`, for error messages: `byte 0xE9`.
  static func describe(_ bytes: [UInt8], at offset: Int) -> String {
    offset < bytes.count ? "byte 0x" + String(bytes[offset], radix: 16, uppercase: true) : "the end of the text"
  }
}
