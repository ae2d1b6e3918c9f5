import Foundation

/// Appends JSON text to a byte buffer: punctuation, escaped strings, numbers, base64 and UUIDs.
///
/// It checks nothing about structure; ``NestedJSONEncoder`` decides what goes where, and other
/// modules of the package that write JSON of a fixed shape (an app's output) call it directly. Strings
/// are escaped as Foundation's `JSONEncoder` escapes them (`\"`, `\\`, `\b \f \n \r \t`, other
/// control characters as `\u00XX`), except that `/` is left as it is, which means the same.
package struct JSONWriter {
  /// The text written so far.
  package var bytes: [UInt8] = []
  /// What every string goes through before it is written (the engine gives its NFC form).
  var normalize: (String) -> String = { $0 }

  /// An empty buffer that writes strings as they are.
  package init() {}

  /// Appends one byte of punctuation.
  @inline(__always)
  package mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends ASCII text known at compile time, such as `null` or `{}`.
  @inline(__always)
  package mutating func append(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  // MARK: Strings

  /// Appends `string` as a quoted JSON string, escaping what JSON requires and keeping the
  /// rest, non-ASCII characters included, as UTF-8, after ``normalize``.
  package mutating func writeString(_ string: String) {
    var string = normalize(string)
    string.withUTF8 { writeString(utf8: $0) }
  }

  /// Appends the UTF-8 text `utf8` as a quoted JSON string.
  mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    let count = utf8.count
    let raw = UnsafeRawBufferPointer(utf8)
    var runStart = 0
    var index = 0
    while index < count {
      // Skip ordinary characters, eight at a time while eight remain.
      if index + 8 <= count {
        let offset = JSONStringScan.firstSpecialByte(in: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index += offset
        if offset == 8 { continue }
      } else if !JSONStringScan.isSpecial(utf8[index]) {
        index += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      writeEscape(for: utf8[index])
      index += 1
      runStart = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the escape sequence for a byte that a JSON string cannot hold verbatim.
  private mutating func writeEscape(for byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): append("\\\"")
    case UInt8(ascii: "\\"): append("\\\\")
    case 0x08: append("\\b")
    case 0x0C: append("\\f")
    case UInt8(ascii: "\n"): append("\\n")
    case UInt8(ascii: "\r"): append("\\r")
    case UInt8(ascii: "\t"): append("\\t")
    default:
      let digits: StaticString = "0123456789abcdef"
      append("\\u00")
      bytes.append(digits.utf8Start[Int(byte >> 4)])
      bytes.append(digits.utf8Start[Int(byte & 0x0F)])
    }
  }

  // MARK: Numbers

  /// Appends an integer in decimal.
  @inline(__always)
  package mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
    if Integer.bitWidth <= 64 {
      if Integer.isSigned {
        let wide = Int64(truncatingIfNeeded: value)
        writeDecimal(magnitude: wide.magnitude, negative: wide < 0)
      } else {
        writeDecimal(magnitude: UInt64(truncatingIfNeeded: value), negative: false)
      }
    } else {
      writeNumber(text: value.description)
    }
  }

  /// Appends an integer's digits, built right to left in a stack buffer.
  private mutating func writeDecimal(magnitude: UInt64, negative: Bool) {
    if magnitude < 10, !negative {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
      var position = digits.count
      var rest = magnitude
      repeat {
        position -= 1
        digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest != 0
      if negative {
        position -= 1
        digits[position] = UInt8(ascii: "-")
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
    }
  }

  /// Appends a finite `Double` in the shortest form that reads back as the same value.
  ///
  /// Like Foundation, it drops Swift's trailing `.0` (`1.0` is written `1`). Swift's own
  /// exponent form (`1e-05`, `1e+300`) is valid JSON as it is.
  ///
  /// - Returns: `false`, writing nothing, for infinity and NaN, which JSON cannot represent.
  mutating func writeNumber(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    if value.magnitude < 1e15, value.rounded(.towardZero) == value {
      // Whole numbers print as integers; this is the text `description` gives, less `.0`,
      // without building a string.
      if value == 0 {
        append(value.sign == .minus ? "-0" : "0")
      } else {
        writeInteger(Int64(value))
      }
      return true
    }
    writeNumber(text: value.description)
    return true
  }

  /// Appends a finite `Float` in the shortest form that reads back as the same value.
  ///
  /// - Returns: `false`, writing nothing, for infinity and NaN.
  mutating func writeNumber(_ value: Float) -> Bool {
    guard value.isFinite else { return false }
    writeNumber(text: value.description)
    return true
  }

  /// Appends number text, less a trailing `.0`.
  mutating func writeNumber(text: String) {
    var text = text
    text.withUTF8 { utf8 in
      var count = utf8.count
      if count > 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") {
        count -= 2
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<count]))
    }
  }

  // MARK: Foundation values

  /// Appends `data` as a quoted base64 string.
  mutating func writeBase64(_ data: Data) {
    bytes.append(UInt8(ascii: "\""))
    data.withUnsafeBytes { input in
      // Encodes through a stack buffer, 192 bytes (256 characters) at a time.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { chunk in
        guard let output = chunk.baseAddress else { return }
        var start = 0
        while start < input.count {
          let end = min(start + 192, input.count)
          JSONBase64.encode(UnsafeRawBufferPointer(rebasing: input[start..<end]), into: output)
          bytes.append(contentsOf: UnsafeBufferPointer(start: output, count: JSONBase64.encodedCount(of: end - start)))
          start = end
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `uuid` as a quoted string in uppercase, as `uuidString` spells it.
  mutating func writeUUID(_ uuid: UUID) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONUUIDText.count + 2) { text in
      guard let output = text.baseAddress else { return }
      output[0] = UInt8(ascii: "\"")
      JSONUUIDText.write(uuid, into: output + 1)
      output[JSONUUIDText.count + 1] = UInt8(ascii: "\"")
      bytes.append(contentsOf: text)
    }
  }
}
