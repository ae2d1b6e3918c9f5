import Foundation
import NestedJSON

/// Reads UUIDs written as 32 hexadecimal digits in groups of 8-4-4-4-12, in either case, and
/// writes them in lower case.
///
/// Foundation's `UUID(uuidString:)` and `uuidString` go through `sscanf` and `snprintf` on
/// Linux; this reads and writes the digits directly, many times faster, which counts when an
/// import reads, or a listing writes, a million of them.
enum UUIDText {
  /// Where each byte's two digits start in the text.
  private static let starts: [Int] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]

  /// The value of each hexadecimal digit by its ASCII code; 0xFF for anything else.
  private static let digits: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
    default: 0xFF
    }
  }

  /// The UUID the text spells, or `nil` if it is not one.
  static func parse(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { bytes -> UUID? in
      guard bytes.count == 36, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
        bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
      else { return nil }
      var value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
      var invalid: UInt8 = 0
      digits.withUnsafeBufferPointer { digits in
        withUnsafeMutableBytes(of: &value) { output in
          for (index, start) in starts.enumerated() {
            let high = digits[Int(bytes[start])]
            let low = digits[Int(bytes[start + 1])]
            invalid |= high | low
            output[index] = high << 4 | low & 0x0F
          }
        }
      }
      // Every valid digit is below 16; any other byte set the high bits.
      return invalid & 0xF0 == 0 ? UUID(uuid: value) : nil
    }
  }

  /// The UUID as 36 lower-case characters, `e621e1f8-c36c-495a-93fc-0c247a3e6e5f`: what
  /// `uuidString.lowercased()` gives.
  static func lowercase(_ uuid: UUID) -> String {
    String(unsafeUninitializedCapacity: JSONUUIDText.count) { output in
      JSONUUIDText.write(uuid, into: output.baseAddress!, lowercase: true)
      return JSONUUIDText.count
    }
  }
}
