import Foundation
import Testing

/// The same catalog on a store file and on PostgreSQL, imported from one file (so the movies'
/// ids are the same), asked the same commands: every command must print the same, byte for
/// byte — the orders of text, ties, dates and paging included.
@Suite("The same commands print the same on a store file and on PostgreSQL", .needsPostgreSQLServer)
struct SameOutputOnBothEnginesTests {
  /// A movie of the shared catalog: its fixed id, and what the import file says of it.
  private struct Row {
    let id: String
    let title: String
    let date: String
    let rate: Int
    let heart: Int
    let content: String
    let tags: [String]
  }

  /// Titles whose order depends on how text is compared (case, accents composed or not, ß,
  /// digits, emoji, controls), rates and hearts that tie, dates before 1582 and to the
  /// sub-millisecond, a heart count at its most.
  private static let rows: [Row] = [
    ("apple", "2001-01-01", 7, 0, "crisp and red", ["fruit", "Drama"]),
    ("Apple", "2001-01-01T10:00:00.5Z", 7, 2, "A company", ["drama"]),
    ("Äpfel", "1999-12-31T23:59:59.999999Z", 9, 0, "Deutsch für apples", ["fruit"]),
    ("e\u{301}clair", "1582-10-04", 5, 1, "NFD first letter", []),
    ("éclair", "1582-10-15", 5, 1, "NFC first letter", ["pâtisserie"]),
    ("Zebra", "0001-01-01", 3, 0, "stripes", ["animal"]),
    ("zebra", "9999-12-31T23:59:59.999Z", 3, Int.max, "more stripes", ["animal", "drama"]),
    ("straße", "1970-01-01", 10, 0, "Strasse", []),
    ("10 items", "1969-12-31T23:59:59.5Z", 0, 0, "ten", ["list"]),
    ("9 items", "2024-02-29", 0, 5, "nine", ["list"]),
    ("😀 smile", "2000-06-15", 8, 0, "emoji 😀 inside", ["😀"]),
    ("A\u{1B}[31mB\u{202E}", "2010-10-10", 6, 0, "tab\there\nline", ["x\u{1B}y"]),
  ].enumerated().map { index, row in
    Row(
      id: String(format: "00000000-0000-4000-8000-%012d", index + 1), title: row.0, date: row.1, rate: row.2,
      heart: row.3, content: row.4, tags: row.5)
  }

  private static func id(_ title: String) -> String { rows.first { $0.title == title }!.id }

  /// The two catalogs, each filled from the same JSON Lines file.
  private let file: MoviesProcess
  private let server: MoviesProcess

  init() async throws {
    file = try MoviesProcess(.file)
    server = try MoviesProcess(.postgres)
    let lines = try Self.rows.map { row in
      let object: [String: Any] = [
        "id": row.id, "title": row.title, "date": row.date, "rate": row.rate, "heart": row.heart,
        "content": row.content, "tags": row.tags,
      ]
      return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
    for movies in [file, server] {
      let imported = try await movies.run(["import", "-", "--format", "jsonl"], input: lines.joined(separator: "\n"))
      try #require(imported.status == 0, "\(movies.engine): \(imported.stderr)")
    }
  }

  /// Runs each command on both catalogs and expects the same status and output: success, but
  /// for the commands named `failing`, which must fail on both.
  private func expectSame(
    _ commands: [[String]], failing: [[String]] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for command in commands {
      let onFile = try await file.run(command)
      let onServer = try await server.run(command)
      #expect(onServer == onFile, "\(command)", sourceLocation: sourceLocation)
      #expect(
        (onFile.status == 0) != failing.contains(command), "\(command): \(onFile)", sourceLocation: sourceLocation)
    }
  }

  @Test func listingsInEveryOrderFilterAndPageAreTheSame() async throws {
    let unknown = "00000000-0000-0000-0000-000000000000"
    var commands: [[String]] = [["list"], ["list", "--format", "json"], ["list", "--format", "csv"]]
    for sort in ["title", "title:desc", "rate:desc,title", "heart", "heart:desc,title", "date:desc", "rate,date"] {
      commands.append(["list", "--sort", sort, "--format", "json"])
      commands.append(["list", "--sort", sort, "--limit", "4", "--after", Self.id("éclair")])
    }
    commands += [
      ["list", "--sort", "title", "--desc"], ["list", "--sort", "title", "--offset", "3", "--limit", "4"],
      ["list", "--search", "apple"], ["list", "--search", "stripes"], ["list", "--search", "😀"],
      ["list", "--title-prefix", "a"], ["list", "--title-prefix", "Ä"], ["list", "--title-prefix", "e\u{301}"],
      ["list", "--tag", "drama"], ["list", "--tag", "Drama"], ["list", "--tag", "😀"],
      ["list", "--tag", "animal", "--sort", "title", "--limit", "1", "--after", Self.id("Zebra")],
      ["list", "--min-rate", "5", "--max-rate", "8"], ["list", "--from", "1500-01-01", "--to", "2000-12-31"],
      ["list", "--from", "1999-12-31T23:59:59.999999Z", "--to", "2001-01-01"], ["list", "--hearted"],
      ["list", "--after", unknown],
    ]
    try await expectSame(commands, failing: [["list", "--after", unknown]])
  }

  @Test func showStatsAndExportsAreTheSame() async throws {
    try await expectSame(
      Self.rows.prefix(4).flatMap { [["show", $0.id], ["show", $0.id, "--format", "json"]] } + [
        ["stats"], ["stats", "--format", "json"], ["export", "--format", "csv"], ["export", "--format", "json"],
        ["export", "--format", "jsonl"],
      ])
  }

  @Test func changesSayTheSameAndLeaveTheSameCatalog() async throws {
    let unknown = "00000000-0000-0000-0000-000000000000"
    let apple = Self.id("apple")
    let failing = [
      ["heart", Self.id("zebra")], ["update", apple, "--title", "Apple", "--date", "2001-01-01T10:00:00.5Z"],
      ["add", "--title", "9 items", "--date", "2024-02-29"], ["delete", Self.id("Zebra"), unknown],
    ]
    try await expectSame(
      [
        ["rate", apple, "2"], ["heart", apple], ["tag", "add", apple, "new", "drama"],
        ["tag", "remove", apple, "Drama"],
        ["update", apple, "--title", "apple pie", "--content", "warm"],
        ["delete", Self.id("Zebra"), Self.id("straße")],
        ["delete", Self.id("10 items"), apple], ["export", "--format", "jsonl"], ["stats"],
      ] + failing, failing: failing)
  }
}
