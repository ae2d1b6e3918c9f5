/// How much of one row an import reads and keeps, whatever the file holds: a field or a row
/// past its limit is counted to its end, not kept, and refused as an invalid row naming the
/// field and the limit. Memory is so bounded by these numbers, not by the file.
///
/// Each limit is well above what a valid row needs: the longest content (100,000 characters)
/// takes at most 400,000 bytes as UTF-8, 1,200,000 written as JSON escapes.
enum ImportLimits {
  /// The most bytes of one field an import reads, as written in the file (a CSV field, a JSON
  /// string, the text of any other JSON value).
  static let fieldBytes = 2 * 1024 * 1024
  /// The most bytes of one row an import reads: a CSV record, a JSON object.
  static let rowBytes = 8 * 1024 * 1024
  /// The most fields a CSV header or record may have.
  static let fieldsPerRow = 1_000

  /// `is longer than 2,097,152 bytes, the most an import reads of one field`.
  static var fieldTooLong: String {
    "is longer than \(grouped(fieldBytes)) bytes, the most an import reads of one field"
  }

  /// `is longer than 8,388,608 bytes, the most an import reads of one row`.
  static var rowTooLong: String { "is longer than \(grouped(rowBytes)) bytes, the most an import reads of one row" }

  /// A count with thousands separators: `2,097,152`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}
