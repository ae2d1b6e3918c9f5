package import Foundation

/// The text form of a UUID, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, written and read by hand:
/// Foundation's `uuidString` and `UUID(uuidString:)` cost far more on Linux.
package enum JSONUUIDText {
  /// The length of the text form: 32 hex digits and 4 hyphens.
  package static let count = 36

  private static let digits: StaticString = "0123456789ABCDEF"
  private static let lowerDigits: StaticString = "0123456789abcdef"

  /// Whether a hyphen, not a hex digit pair, comes at `offset` of the text form.
  @inline(__always)
  private static func isHyphen(at offset: Int) -> Bool {
    offset == 8 || offset == 13 || offset == 18 || offset == 23
  }

  /// Writes the text form of `uuid` to `output`, which must have room for 36 bytes: in upper
  /// case, as `uuidString` spells it, or in lower case.
  package static func write(_ uuid: UUID, into output: UnsafeMutablePointer<UInt8>, lowercase: Bool = false) {
    let table = (lowercase ? lowerDigits : digits).utf8Start
    withUnsafeBytes(of: uuid.uuid) { bytes in
      var to = 0
      for byte in bytes {
        if isHyphen(at: to) {
          output[to] = UInt8(ascii: "-")
          to += 1
        }
        output[to] = table[Int(byte >> 4)]
        output[to + 1] = table[Int(byte & 0x0F)]
        to += 2
      }
    }
  }

  /// Reads a UUID from its text form, in either letter case; `nil` if `text` is not one.
  static func parse(_ text: UnsafeRawBufferPointer) -> UUID? {
    guard text.count == count else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
      var from = 0
      for index in 0..<16 {
        if isHyphen(at: from) {
          guard text[from] == UInt8(ascii: "-") else { return false }
          from += 1
        }
        let high = hexValue(text[from])
        let low = hexValue(text[from + 1])
        guard (high | low) & 0xF0 == 0 else { return false }
        bytes[index] = high << 4 | low
        from += 2
      }
      return true
    }
    return valid ? UUID(uuid: uuid) : nil
  }

  /// The value of a hex digit, or 0xFF for any other byte.
  @inline(__always)
  static func hexValue(_ character: UInt8) -> UInt8 {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character &- UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character &- UInt8(ascii: "A") &+ 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character &- UInt8(ascii: "a") &+ 10
    default: 0xFF
    }
  }
}
