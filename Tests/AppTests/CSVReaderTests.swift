import Foundation
import Testing

@testable import MoviesCLI

@Suite("CSV as RFC 4180 defines it")
struct CSVReaderTests {
  private func records(_ text: String) throws -> [CSVReader.Record] {
    var reader = CSVReader(Data(text.utf8))
    return try reader.records()
  }

  @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
    let parsed = try records("a,b\r\n\"x, y\",\"say \"\"hi\"\"\nnow\"\r\nplain,\r\n")
    #expect(
      parsed == [
        .init(line: 1, fields: ["a", "b"]), .init(line: 2, fields: ["x, y", "say \"hi\"\nnow"]),
        .init(line: 4, fields: ["plain", ""]),
      ])
  }

  @Test func aByteOrderMarkAndBlankLinesAreSkippedAndTheLastLineNeedsNoBreak() throws {
    var reader = CSVReader(Data([0xEF, 0xBB, 0xBF] + Array("t\n\nAmélie".utf8)))
    let parsed = try reader.records()
    #expect(parsed == [.init(line: 1, fields: ["t"]), .init(line: 3, fields: ["Amélie"])])
  }

  @Test func anUnclosedQuoteIsAnErrorWithItsLine() throws {
    #expect(throws: CSVReader.Failure(line: 2, reason: "a quoted field is never closed")) {
      try records("a\n\"never closed\nstill\n")
    }
    #expect(throws: CSVReader.Failure(line: 1, reason: "text after a closing quote")) { try records("\"a\"b\n") }
  }

  @Test func writtenFieldsReadBackTheSame() throws {
    let fields = ["plain", "with, comma", "with \"quote\"", "line\nbreak", " padded ", ""]
    #expect(try records(CSVWriter.line(fields)).first?.fields == fields)
  }
}
