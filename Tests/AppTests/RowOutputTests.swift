import Foundation
import Testing

@testable import MoviesCLI

/// A row of a model the app does not know, written with no formatting code of its own.
private struct BookRow: Encodable {
  enum Binding: String, Encodable { case paperback, hardcover }

  let id: UUID
  let title: String
  let year: Int?
  let price: Double
  let binding: Binding
  let signed: Bool
  let added: Date
  let tags: [String]
}

private let dune = BookRow(
  id: UUID(uuidString: "00000000-0000-0000-0000-0000000000D1")!, title: "Dune", year: 1965, price: 9.5,
  binding: .paperback, signed: false, added: Date(timeIntervalSince1970: 1_700_000_000), tags: ["sf", "classic"])
private let hostile = BookRow(
  id: UUID(uuidString: "00000000-0000-0000-0000-0000000000D2")!, title: "Say \"hi\", \u{1B}[2Jbye\r\nnow",
  year: nil, price: 12, binding: .hardcover, signed: true, added: Date(timeIntervalSince1970: 0), tags: ["a|b"])

@Suite struct RowOutputTests {
  @Test func aTableHasAColumnPerFieldInOrderWithNoValueAsADash() throws {
    let text = try RowOutput(format: .table).render([dune, hostile])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 4 && lines[3] == "", "a header, two rows, a final line break: \(lines)")
    #expect(
      lines[0].split(separator: " ").map(String.init) == [
        "ID", "TITLE", "YEAR", "PRICE", "BINDING", "SIGNED", "ADDED", "TAGS",
      ])
    #expect(lines[1].contains("sf, classic") && lines[1].contains("2023-11-14T22:13:20Z"))
    #expect(lines[2].contains("   –  "), "a missing year is a dash, aligned right with the numbers: \(lines[2])")
  }

  @Test func aTableShowsTheCharactersATerminalActsOnAsEscapes() throws {
    let text = try RowOutput(format: .table).render([hostile])
    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" })
    #expect(text.contains(#"Say "hi", \u{1B}[2Jbye\r\nnow"#))
    #expect(text.split(separator: "\n").count == 2, "one line per row")
  }

  @Test func jsonHasEveryFieldExactWithNullForNoValue() throws {
    let text = try RowOutput(format: .json).render([hostile])
    #expect(!text.unicodeScalars.contains("\u{1B}"), "escaped as \\u001b: \(text)")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    let object = try #require(objects.first)
    #expect(object["title"] as? String == hostile.title)
    #expect(object["year"] is NSNull)
    #expect(object["price"] as? Double == 12)
    #expect(object["binding"] as? String == "hardcover")
    #expect(object["signed"] as? Bool == true)
    #expect(object["added"] as? String == "1970-01-01T00:00:00Z")
    #expect(object["tags"] as? [String] == ["a|b"])
    #expect(object["id"] as? String == "00000000-0000-0000-0000-0000000000d2")
  }

  @Test func csvQuotesWhatNeedsQuotesAndKeepsEveryCharacter() throws {
    let text = try RowOutput(format: .csv).render([dune, hostile])
    #expect(
      text == "id,title,year,price,binding,signed,added,tags\r\n"
        + "00000000-0000-0000-0000-0000000000d1,Dune,1965,9.5,paperback,false,2023-11-14T22:13:20Z,sf|classic\r\n"
        + "00000000-0000-0000-0000-0000000000d2,\"Say \"\"hi\"\", \u{1B}[2Jbye\r\nnow\",,12.0,hardcover,true,"
        + "1970-01-01T00:00:00Z,a\\|b\r\n")
  }

  @Test func noRowsIsTheEmptyMessageAnEmptyArrayOrNothing() throws {
    let none: [BookRow] = []
    #expect(try RowOutput(format: .table, empty: "No books.").render(none) == "No books.\n")
    #expect(
      (try JSONSerialization.jsonObject(with: Data(RowOutput(format: .json).render(none).utf8)) as? [Any])?.isEmpty
        == true)
    #expect(try RowOutput(format: .csv).render(none) == "")
  }

  @Test func aTableLeavesOutHiddenFieldsAndAMistypedOneIsAnError() throws {
    let table = try RowOutput(format: .table, hiddenInTable: ["id", "tags"]).render([dune])
    #expect(table.hasPrefix("TITLE") && !table.contains("TAGS"))
    #expect(try RowOutput(format: .csv, hiddenInTable: ["id"]).render([dune]).hasPrefix("id,"))
    #expect(throws: EncodingError.self) { try RowOutput(format: .table, hiddenInTable: ["tittle"]).render([dune]) }
  }

  @Test func rowsMustBeObjectsOfPlainFields() {
    struct Nested: Encodable {
      struct Inner: Encodable { let value: Int }
      let inner: Inner
    }
    #expect(throws: EncodingError.self) { try RowOutput(format: .table).render([Nested(inner: .init(value: 1))]) }
    #expect(throws: EncodingError.self) { try RowOutput(format: .json).render(["not a row"]) }
  }

  @Test func headingsSplitTheWordsOfAFieldName() {
    #expect(RowOutput.heading("movieID") == "MOVIE ID")
    #expect(RowOutput.heading("runtime") == "RUNTIME")
    #expect(RowOutput.heading("first_seen") == "FIRST SEEN")
  }
}
