import Foundation

/// Reads CSV as RFC 4180 defines it: a header row, fields separated by commas, quoted fields
/// that may hold commas, doubled quotes and line breaks; UTF-8 with or without a byte-order mark.
struct CSVReader {
  /// One record and the line it starts on (1-based, the header being line 1).
  struct Record: Equatable {
    let line: Int
    let fields: [String]
  }

  /// A malformed file, with the line where reading stopped.
  struct Failure: Error, Equatable, CustomStringConvertible {
    let line: Int
    let reason: String
    var description: String { "line \(line): \(reason)" }
  }

  private let bytes: [UInt8]

  /// Reads CSV from bytes; a leading UTF-8 byte-order mark is skipped.
  init(_ data: Data) {
    let bytes = [UInt8](data)
    self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  }

  /// Every record, the header first.
  ///
  /// - Throws: ``Failure`` for a quote that is never closed or text after a closing quote.
  func records() throws(Failure) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var line = 1
    var recordLine = 1
    var index = 0
    var quoted = false
    var afterQuote = false
    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      afterQuote = false
    }
    func endRecord() {
      endField()
      // A blank line is not a record.
      if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
      fields.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          if byte == UInt8(ascii: "\n") { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        endField()
      case UInt8(ascii: "\r"):
        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
        endRecord()
        line += 1
        recordLine = line
      case UInt8(ascii: "\n"):
        endRecord()
        line += 1
        recordLine = line
      case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
        quoted = true
      default:
        guard !afterQuote else { throw Failure(line: line, reason: "text after a closing quote") }
        field.append(byte)
      }
    }
    guard !quoted else { throw Failure(line: recordLine, reason: "a quoted field is never closed") }
    if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
    return records
  }
}
