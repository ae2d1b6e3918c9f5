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

  /// Each field is checked as UTF-8 wherever its bad byte falls, after a run of ASCII or
  /// inside it: a stray byte, a surrogate, an overlong form and a cut sequence are named; text
  /// in any script is read as it is.
  @Test func theFirstByteThatIsNotUTF8IsNamedWithItsFieldAndLine() throws {
    func undecodable(_ bytes: [UInt8]) throws -> (field: Int, line: Int, byte: String)? {
      var reader = CSVReader(Data(Array("a,b\n".utf8) + bytes))
      return try reader.records().last?.undecodable
    }
    for (bytes, byte) in [
      (Array("ok,abcdefghijklmnop".utf8) + [0xE9] + Array("q".utf8), "byte 0xE9"),
      (Array("ok,abc".utf8) + [0xED, 0xA0, 0x80], "byte 0xED"),
      (Array("ok,".utf8) + [0xC0, 0xAF] + Array("12345678".utf8), "byte 0xC0"),
      (Array("ok,abcdefgh".utf8) + [0xE6, 0x9D], "byte 0xE6"),
    ] {
      let found = try #require(try undecodable(bytes))
      #expect(found.field == 1 && found.line == 2 && found.byte == byte)
    }
    var reader = CSVReader(Data("t,u\nAmélie à Paris,東京 🎬 Ωmega\n".utf8))
    #expect(try reader.records().last == .init(line: 2, fields: ["Amélie à Paris", "東京 🎬 Ωmega"]))
  }

  @Test func writtenFieldsReadBackTheSame() throws {
    let fields = ["plain", "with, comma", "with \"quote\"", "line\nbreak", " padded ", ""]
    #expect(try records(CSVWriter.line(fields)).first?.fields == fields)
  }

  /// A comma, quote or line break followed by a combining mark is one `Character` that is none
  /// of them, yet its byte still splits a field: such fields are quoted, and read back whole.
  @Test func fieldsWhoseSeparatorsCarryCombiningMarksReadBackTheSame() throws {
    let fields = ["a,\u{301}b", "q\"\u{301}", "x\r\n\u{301}y", "end\n\u{308}", "\u{600} ", "Amélie, \"東京\""]
    #expect(try records(CSVWriter.line(fields)).first?.fields == fields)
    #expect(CSVWriter.quoted("a,\u{301}b") == "\"a,\u{301}b\"")
    #expect(CSVWriter.quoted("q\"\u{301}") == "\"q\"\"\u{301}\"")
    #expect(CSVWriter.quoted("plain text") == "plain text")
  }
}
