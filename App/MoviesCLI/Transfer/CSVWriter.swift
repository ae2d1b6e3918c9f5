import Foundation

/// Writes CSV as RFC 4180 defines it, quoting only the fields that need it.
enum CSVWriter {
  /// One record as a line, ending with CRLF as the RFC says.
  static func line(_ fields: [String]) -> String {
    var line = ""
    line.reserveCapacity(fields.reduce(2 + fields.count) { $0 + $1.utf8.count })
    for (index, field) in fields.enumerated() {
      if index > 0 { line.append(",") }
      line.append(quoted(field))
    }
    line.append("\r\n")
    return line
  }

  /// A field, in quotes (with quotes doubled) when it holds a comma, quote or line break, or
  /// starts or ends with a space.
  ///
  /// The test reads bytes, as a reader splits them: a comma, quote or line break followed by a
  /// combining mark is one `Character` that is none of them, but its byte still ends a field.
  /// Only a first or last space is confirmed by `Character`, as the import trims them.
  static func quoted(_ field: String) -> String {
    var quotes = 0
    var needsQuotes = false
    for byte in field.utf8 {
      switch byte {
      case UInt8(ascii: "\""): quotes += 1
      case UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"): needsQuotes = true
      default: continue
      }
    }
    if quotes == 0, !needsQuotes {
      let space = UInt8(ascii: " ")
      guard field.utf8.first == space && field.first == " " || field.utf8.last == space && field.last == " " else {
        return field
      }
    }
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(field.utf8.count + quotes + 2)
    for byte in field.utf8 {
      bytes.append(byte)
      if byte == UInt8(ascii: "\"") { bytes.append(byte) }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }
}
