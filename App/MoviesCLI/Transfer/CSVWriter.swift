import Foundation

/// Writes CSV as RFC 4180 defines it, quoting only the fields that need it.
enum CSVWriter {
  /// One record as a line, ending with CRLF as the RFC says.
  static func line(_ fields: [String]) -> String {
    fields.map(quoted).joined(separator: ",") + "\r\n"
  }

  /// A field, in quotes (with quotes doubled) when it holds a comma, quote or line break, or
  /// starts or ends with a space.
  static func quoted(_ field: String) -> String {
    let needsQuotes =
      field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      || field.first == " " || field.last == " "
    return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
  }
}
