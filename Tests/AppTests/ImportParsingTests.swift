import Foundation
import Testing

@testable import MoviesCLI

@Suite("Reading import files quickly and exactly")
struct ImportParsingTests {
  @Test func uuidsReadAsFoundationReadsThem() {
    for _ in 0..<500 {
      let id = UUID()
      #expect(UUIDText.parse(id.uuidString) == id)
      #expect(UUIDText.parse(id.uuidString.lowercased()) == id)
    }
    for text in [
      "", "not a uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
      "E621E1F8xC36C-495A-93FC-0C247A3E6E5F", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ] {
      #expect(UUIDText.parse(text) == nil, "\(text)")
    }
  }

  @Test func daysReadAsTheISO8601FormatStyleReadsThem() throws {
    let style = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    var day = try style.parse("1600-01-01")
    let last = try style.parse("2400-12-31")
    while day <= last {
      let text = style.format(day)
      #expect(CatalogDate.parseDay(text) == day, "\(text)")
      day += 86_400 * 13
    }
    for text in ["2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-1-011", "20x4-01-01"] {
      #expect(CatalogDate.parse(text) == nil, "\(text)")
    }
    #expect(CatalogDate.parse("2024-02-29") == (try style.parse("2024-02-29")))
  }

  @Test func aFieldAcrossChunkBoundariesIsReadWhole() throws {
    // Far more than one 64 KiB chunk, with quotes, commas and line breaks on both sides of
    // every boundary.
    let long = String(repeating: "ab,\"c\"\n", count: 30_000)
    let text = "title,content\n" + "One,\"\(long.replacingOccurrences(of: "\"", with: "\"\""))\"\nTwo,x\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString).csv")
    try Data(text.utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let descriptor = open(path.path, O_RDONLY)
    defer { close(descriptor) }
    var reader = CSVReader(ByteStream(descriptor: descriptor))
    let records = try reader.records()
    #expect(records.map(\.line) == [1, 2, 30_003], "the 30,000 line breaks inside quotes are counted")
    #expect(records[1].fields == ["One", long])
    #expect(records[2].fields == ["Two", "x"])
  }

  @Test func theProgressLineShowsRowsRateAndTimeLeft() {
    #expect(
      ProgressBar.line(rows: 56_000, bytes: 560, totalBytes: 1_000, elapsed: .seconds(2))
        == "[###########---------]  56%  56,000 rows  28,000 rows/s  0:02 left")
    #expect(ProgressBar.line(rows: 999, bytes: 10, totalBytes: nil, elapsed: .seconds(1)) == "999 rows  999 rows/s")
    #expect(ProgressBar.grouped(1_234_567) == "1,234,567")
    #expect(ProgressBar.clock(3_725) == "1:02:05")
  }

  @Test func theBarIsDrawnAtMostTenTimesASecondAndCleared() {
    final class Lines { var written: [String] = [] }
    let lines = Lines()
    let start = ContinuousClock.now
    var bar = ProgressBar(totalBytes: 100, start: start) { lines.written.append($0) }
    bar.update(rows: 1, bytes: 1, now: start + .milliseconds(10))
    bar.update(rows: 2, bytes: 2, now: start + .milliseconds(50))
    bar.update(rows: 3, bytes: 3, now: start + .milliseconds(200))
    bar.clear()
    #expect(lines.written.count == 3)
    #expect(lines.written[0].hasPrefix("\r[--------------------]   1%  1 rows"))
    #expect(lines.written[2] == "\r\u{1B}[K")
  }
}

@Suite("JSON arrays read an element at a time")
struct JSONArrayReaderTests {
  private func elements(_ text: String) throws(JSONArrayReader.Failure) -> [String] {
    var reader = JSONArrayReader(ByteStream(Data(text.utf8)))
    var found: [String] = []
    while let element = try reader.next() { found.append(String(decoding: element.bytes, as: UTF8.self)) }
    return found
  }

  @Test func objectsStringsAndScalarsAreSplitWhereTheyEnd() throws {
    let text = #" [ {"a": [1, {"b": "}]\"x"}]}, "s,]", 12 ,true, {} ] "#
    #expect(try elements(text) == [#"{"a": [1, {"b": "}]\"x"}]}"#, #""s,]""#, "12", "true", "{}"])
    #expect(try elements("[]").isEmpty)
  }

  @Test func whatIsNotOneArrayIsAFailureNamingTheElement() {
    #expect(
      throws: JSONArrayReader.Failure(
        line: 1, reason: "not a JSON array of objects: the file does not start with '['")
    ) {
      try elements(#"{"a": 1}"#)
    }
    #expect(
      throws: JSONArrayReader.Failure(line: 1, reason: "not a JSON array of objects: the array is never closed")
    ) {
      try elements(#"[{"a": 1}, {"b": 2"#)
    }
    #expect(
      throws: JSONArrayReader.Failure(line: 1, reason: "not a JSON array of objects: text after the array's end")
    ) {
      try elements("[1] 2")
    }
  }

  @Test func aLargeArrayIsReadAcrossChunks() throws {
    let objects = (0..<5_000).map { #"{"title": "Movie \#($0)", "content": "a, [b] {c} \"d\""}"# }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID().uuidString).json")
    try Data(("[" + objects.joined(separator: ",\n") + "]").utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let descriptor = open(path.path, O_RDONLY)
    defer { close(descriptor) }
    var reader = JSONArrayReader(ByteStream(descriptor: descriptor))
    var count = 0
    while let element = try reader.next() {
      #expect(String(decoding: element.bytes, as: UTF8.self) == objects[count])
      count += 1
    }
    #expect(count == 5_000)
  }
}
