/// Standard base64 (RFC 4648 §4: `A–Z a–z 0–9 + /`, padded with `=`), the form in which
/// Foundation's `JSONEncoder` writes `Data` by default.
enum JSONBase64 {
  private static let alphabet: StaticString =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

  /// The number of characters base64 needs for `count` bytes, padding included.
  static func encodedCount(of count: Int) -> Int {
    (count + 2) / 3 * 4
  }

  /// Writes the base64 text of `input` to `output`, which must have room for
  /// ``encodedCount(of:)`` bytes.
  static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
    let table = alphabet.utf8Start
    let count = input.count
    var from = 0
    var to = 0
    while from + 3 <= count {
      let b0 = UInt32(input[from])
      let b1 = UInt32(input[from + 1])
      let b2 = UInt32(input[from + 2])
      let bits = b0 << 16 | b1 << 8 | b2
      output[to] = table[Int(bits >> 18)]
      output[to + 1] = table[Int(bits >> 12 & 0x3F)]
      output[to + 2] = table[Int(bits >> 6 & 0x3F)]
      output[to + 3] = table[Int(bits & 0x3F)]
      from += 3
      to += 4
    }
    let rest = count - from
    guard rest > 0 else { return }
    let b0 = UInt32(input[from])
    let b1 = rest == 2 ? UInt32(input[from + 1]) : 0
    let bits = b0 << 16 | b1 << 8
    output[to] = table[Int(bits >> 18)]
    output[to + 1] = table[Int(bits >> 12 & 0x3F)]
    output[to + 2] = rest == 2 ? table[Int(bits >> 6 & 0x3F)] : UInt8(ascii: "=")
    output[to + 3] = UInt8(ascii: "=")
  }

  /// The number of bytes `text` decodes to, or `nil` if its length cannot be padded base64.
  static func decodedCount(of text: UnsafeRawBufferPointer) -> Int? {
    let count = text.count
    guard count % 4 == 0 else { return nil }
    guard count > 0 else { return 0 }
    var padding = 0
    if text[count - 1] == UInt8(ascii: "=") { padding += 1 }
    if text[count - 2] == UInt8(ascii: "=") { padding += 1 }
    return count / 4 * 3 - padding
  }

  /// Decodes padded base64 `text` into `output`, which holds exactly ``decodedCount(of:)``
  /// bytes; returns `false` if `text` has a character outside the alphabet or misplaced padding.
  static func decode(_ text: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Bool {
    let quads = text.count / 4
    guard quads > 0 else { return true }
    return sextets.withUnsafeBufferPointer { table -> Bool in
      var to = 0
      var invalid: UInt8 = 0
      for quad in 0..<quads - 1 {
        let from = quad * 4
        let s0 = table[Int(text[from])], s1 = table[Int(text[from + 1])]
        let s2 = table[Int(text[from + 2])], s3 = table[Int(text[from + 3])]
        invalid |= s0 | s1 | s2 | s3
        let bits = UInt32(s0) << 18 | UInt32(s1) << 12 | UInt32(s2) << 6 | UInt32(s3)
        output[to] = UInt8(truncatingIfNeeded: bits >> 16)
        output[to + 1] = UInt8(truncatingIfNeeded: bits >> 8)
        output[to + 2] = UInt8(truncatingIfNeeded: bits)
        to += 3
      }
      let from = (quads - 1) * 4
      let pad = UInt8(ascii: "=")
      let c2 = text[from + 2], c3 = text[from + 3]
      let s0 = table[Int(text[from])], s1 = table[Int(text[from + 1])]
      let s2: UInt8 = c2 == pad ? 0 : table[Int(c2)]
      let s3: UInt8 = c3 == pad ? 0 : table[Int(c3)]
      invalid |= s0 | s1 | s2 | s3
      // Invalid characters map to 0xFF, so any of them sets the high bit.
      guard invalid & 0x80 == 0, c2 != pad || c3 == pad else { return false }
      let bits = UInt32(s0) << 18 | UInt32(s1) << 12 | UInt32(s2) << 6 | UInt32(s3)
      output[to] = UInt8(truncatingIfNeeded: bits >> 16)
      if c2 != pad { output[to + 1] = UInt8(truncatingIfNeeded: bits >> 8) }
      if c3 != pad { output[to + 2] = UInt8(truncatingIfNeeded: bits) }
      return true
    }
  }

  /// The six bits each byte stands for as a base64 character, or 0xFF for a byte outside
  /// the alphabet.
  private static let sextets: [UInt8] = (0...255).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt8(byte) - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: 0xFF
    }
  }
}
