/// Turns the escaped text of a JSON string into the UTF-8 bytes it stands for.
enum JSONUnescaping {
  /// Appends the unescaped form of `text` (a string's content, escapes already checked by
  /// ``JSONParser``) to `output`.
  ///
  /// A `\uD83D\uDE00` surrogate pair becomes one four-byte character.
  ///
  /// - Parameter offset: The offset of `text` in the document, for error messages.
  /// - Throws: ``NestedJSONError/invalidJSON(offset:reason:)`` for a surrogate escape without
  ///   its other half, which Foundation's `JSONDecoder` rejects too.
  static func unescape(
    _ text: UnsafeRawBufferPointer, startingAt offset: Int, into output: inout [UInt8]
  ) throws(NestedJSONError) {
    var runStart = 0
    var index = 0
    while index < text.count {
      guard text[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart..<index]))
      let escape = text[index + 1]
      switch escape {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        index = try appendUnicodeEscape(text, at: index, offset: offset, into: &output)
        runStart = index
        continue
      default: output.append(escape)
      }
      index += 2
      runStart = index
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart...]))
  }

  /// Appends the character of the `\u` escape at `index` (two escapes for a surrogate pair)
  /// and returns the index after it.
  private static func appendUnicodeEscape(
    _ text: UnsafeRawBufferPointer, at index: Int, offset: Int, into output: inout [UInt8]
  ) throws(NestedJSONError) -> Int {
    var value = hex(text, at: index + 2)
    var end = index + 6
    switch value {
    case 0xD800...0xDBFF:
      let hasLow =
        end + 6 <= text.count && text[end] == UInt8(ascii: "\\") && text[end + 1] == UInt8(ascii: "u")
      let low = hasLow ? hex(text, at: end + 2) : 0
      guard (0xDC00...0xDFFF).contains(low) else {
        throw .invalidJSON(offset: offset + index, reason: "a high surrogate escape is not followed by a low one")
      }
      value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
      end += 6
    case 0xDC00...0xDFFF:
      throw .invalidJSON(offset: offset + index, reason: "a low surrogate escape has no high one before it")
    default:
      break
    }
    appendUTF8(value, into: &output)
    return end
  }

  /// Appends the UTF-8 form of the Unicode scalar `value` (never a surrogate here).
  private static func appendUTF8(_ value: UInt32, into output: inout [UInt8]) {
    switch value {
    case ..<0x80:
      output.append(UInt8(value))
    case ..<0x800:
      output.append(0xC0 | UInt8(value >> 6))
      output.append(0x80 | UInt8(value & 0x3F))
    case ..<0x1_0000:
      output.append(0xE0 | UInt8(value >> 12))
      output.append(0x80 | UInt8(value >> 6 & 0x3F))
      output.append(0x80 | UInt8(value & 0x3F))
    default:
      output.append(0xF0 | UInt8(value >> 18))
      output.append(0x80 | UInt8(value >> 12 & 0x3F))
      output.append(0x80 | UInt8(value >> 6 & 0x3F))
      output.append(0x80 | UInt8(value & 0x3F))
    }
  }

  /// The value of the four hex digits at `index`.
  private static func hex(_ text: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in index..<index + 4 {
      value = value << 4 | UInt32(JSONUUIDText.hexValue(text[offset]) & 0x0F)
    }
    return value
  }
}
