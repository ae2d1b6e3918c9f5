/// Bytes as hexadecimal digits, without `String(format:)`, which costs a formatter per byte.
enum Hexadecimal {
  /// Two digits a byte, upper-case (as SQLite's `hex()` writes them) or lower-case.
  static func text(of bytes: some Sequence<UInt8>, upperCase: Bool) -> String {
    let digits = Array((upperCase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
