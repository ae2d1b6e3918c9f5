import Catalog
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import MoviesCLI

/// Random movies whose every value is as hostile to a text format as the catalog's rules allow.
private struct RandomMovies {
  var random: SplitMix64

  /// Characters that break naive CSV, JSON and tag encodings, and Unicode of every width.
  private static let pool: [Character] =
    Array("aZ09 ,;\"'|\\\t\r\n\r\n{}[]:/") + [
      "\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "é", "e\u{301}",
    ]
    + ["\u{202E}", "\u{2028}", "\u{FEFF}", "\u{FFFD}", "字", "😀", "👩‍👩‍👧", "🇫🇷", "\u{10FFFF}", "ß", "İ", "ﬁ"]

  mutating func text(_ lengths: ClosedRange<Int>) -> String {
    String((0..<Int.random(in: lengths, using: &random)).map { _ in Self.pool.randomElement(using: &random)! })
  }

  /// Text the catalog keeps as it is: not empty, no white space around it.
  mutating func name(_ maximum: Int) -> String {
    "x" + text(0...(maximum - 2)) + "y"
  }

  mutating func date() -> Date {
    let day = CivilDate(daysSince1970: Int.random(in: -719_162...2_932_896, using: &random))  // 0001-01-01...9999-12-31
    let seconds = Double(day.daysSince1970 * 86_400 + Int.random(in: 0..<86_400, using: &random)) - 978_307_200
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return day.date
    case 1: return Date(timeIntervalSinceReferenceDate: seconds)
    default: return Date(timeIntervalSinceReferenceDate: seconds + Double.random(in: 0..<1, using: &random))
    }
  }

  mutating func movie(index: Int) -> (Movie, [String]) {
    let movie = Movie(
      title: name(Movie.maximumTitleLength - 8) + " \(index)", content: text(0...200), date: date(),
      rate: Int.random(in: Movie.rateRange, using: &random),
      heart: Bool.random(using: &random)
        ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...Int.max, using: &random),
      runtime: Bool.random(using: &random) ? Int.random(in: MovieRules.runtimeRange, using: &random) : nil)
    var tags: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let tag = name(TagRules.maximumNameLength)
      if !tags.contains(tag) { tags.append(tag) }
    }
    return (movie, tags)
  }
}

@Suite("Export and import round-trip every value exactly")
struct TransferRoundTripTests {
  /// How many random movies go through each format: `ROUNDTRIP_CASES`, else 10,000.
  static let cases = ProcessInfo.processInfo.environment["ROUNDTRIP_CASES"].flatMap(Int.init) ?? 10_000

  /// How many of them go through a catalog on `engine`: a tenth on PostgreSQL, whose imports
  /// and exports each cross a socket (four of them a round), so that its cases add little to
  /// the suite's time, and its imports, each one transaction, do not hold back for long what
  /// the other tests' history readers on the shared server see; the values are drawn the same way.
  static func cases(on engine: StoreEngine) -> Int {
    engine == .file ? cases : max(cases / 10, 1)
  }
  /// The first seed: `ROUNDTRIP_SEED`, else a fixed one.
  static let seed = ProcessInfo.processInfo.environment["ROUNDTRIP_SEED"].flatMap(UInt64.init) ?? 11

  /// Movies on the days where calendars disagree, and at the ends of the years allowed.
  static let edges: [Movie] = [
    ("0001-01-01T00:00:00Z", "first day"), ("1582-10-04T00:00:00Z", "last Julian day"),
    ("1582-10-15T00:00:00Z", "first Gregorian day"), ("9999-12-31T00:00:00Z", "last day"),
    ("9999-12-31T23:59:59.999999Z", "last moment"), ("2000-12-31T23:59:59.9999999Z", "just before 2001"),
    ("1969-12-31T23:59:59.5Z", "just before 1970"),
  ].map { Movie(title: $0.1, date: CatalogDate.parse($0.0)!) }

  /// An empty catalog on `engine`, and the folder its file, if any, is in.
  private func catalog(on engine: StoreEngine) async throws -> (Catalog, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try engine.makeStore(named: "catalog", in: folder)
    let location: StoreLocation =
      switch engine {
      case .file: .file(URL(fileURLWithPath: store))
      case .postgres: .server(store)
      }
    return (try Catalog(location, creating: true), folder)
  }

  private func importing(_ text: String, format: TransferFormat, into catalog: Catalog) async throws -> ImportProgress {
    let stream = ByteStream(Data(text.utf8))
    var file: any ImportFile =
      switch format {
      case .csv: try CSVImportFile(stream)
      case .json: JSONImportFile(array: stream)
      case .jsonl: JSONImportFile(lines: stream)
      }
    var problems: [ImportProblem] = []
    defer { #expect(problems.isEmpty, "\(problems.prefix(3))") }
    return try await catalog.importMovies(from: &file, invalid: { problems.append($0) })
  }

  /// What `movies export` writes for a catalog.
  private func exported(_ catalog: Catalog, format: TransferFormat) async throws -> (String, [Movie], [UUID: [String]])
  {
    let movies = try await catalog.movies.fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.date), SortDescriptor(\.title), SortDescriptor(\.id)]))
    let tags = try await catalog.movieTags.names(of: movies.map(\.id))
    return (ExportCommand.render(movies, tags: tags, format: format), movies, tags)
  }

  @Test(arguments: TransferFormat.allCases, StoreEngine.available)
  func randomMoviesRoundTripExactly(format: TransferFormat, engine: StoreEngine) async throws {
    var random = RandomMovies(random: SplitMix64(seed: Self.seed &+ UInt64(format.hashValue & 0xFF)))
    var originals = Self.edges
    var originalTags: [UUID: [String]] = [:]
    for index in 0..<Self.cases(on: engine) {
      let (movie, tags) = random.movie(index: index)
      originals.append(movie)
      if !tags.isEmpty { originalTags[movie.id] = tags.sorted() }
    }
    // The originals, written as export writes them, imported into an empty catalog…
    let (first, firstFolder) = try await catalog(on: engine)
    defer { try? FileManager.default.removeItem(at: firstFolder) }
    let text = ExportCommand.render(originals, tags: originalTags, format: format)
    #expect(try await importing(text, format: format, into: first).rowsAdded == originals.count)
    // …and exported, imported into another empty catalog and exported again.
    let (exportedOnce, storedOnce, tagsOnce) = try await exported(first, format: format)
    let (second, secondFolder) = try await catalog(on: engine)
    defer { try? FileManager.default.removeItem(at: secondFolder) }
    #expect(try await importing(exportedOnce, format: format, into: second).rowsAdded == originals.count)
    let (exportedTwice, storedTwice, tagsTwice) = try await exported(second, format: format)
    #expect(exportedTwice == exportedOnce, "export, import, export gives the same file")

    let byID = Dictionary(uniqueKeysWithValues: originals.map { ($0.id, $0) })
    var mismatches = 0
    for stored in [storedOnce, storedTwice] {
      #expect(stored.count == originals.count)
      for movie in stored where movie != byID[movie.id] {
        mismatches += 1
        if mismatches <= 3 { Issue.record("stored \(movie) is not the original \(String(describing: byID[movie.id]))") }
      }
    }
    #expect(mismatches == 0)
    #expect(tagsOnce == originalTags)
    #expect(tagsTwice == originalTags)
  }
}

@Suite("Dates in one calendar, read strictly and written exactly")
struct CatalogDateTests {
  @Test func daysAreProlepticGregorianAtTheEdges() {
    for (text, days) in [
      ("0001-01-01", -719_162), ("1582-10-04", -141_438), ("1582-10-15", -141_427), ("1970-01-01", 0),
      ("9999-12-31", 2_932_896),
    ] {
      #expect(CatalogDate.parse(text) == Date(timeIntervalSince1970: Double(days) * 86_400), "\(text)")
      #expect(CatalogDate.parse(text + "T00:00:00Z") == CatalogDate.parse(text), "\(text)")
      #expect(CatalogDate.parse(text + "T01:30:00+01:30") == CatalogDate.parse(text), "\(text)")
      #expect(CatalogDate.dayString(Date(timeIntervalSince1970: Double(days) * 86_400)) == text)
    }
  }

  @Test func everyInstantIsWrittenSoThatItReadsBackTheSame() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let interval = Double.random(in: -63_113_904_000...252_423_993_599, using: &random)  // years 1 to 9999
      let date = Date(timeIntervalSinceReferenceDate: interval)
      let text = CatalogDate.iso8601(date)
      #expect(CatalogDate.parse(text) == date, "\(interval) → \(text)")
    }
    for interval in [0, -1e-20, -0.5, -1, -1.25, 1e-9, 0.1, 978_307_200.000_001, -0.000_001] {
      let date = Date(timeIntervalSinceReferenceDate: interval)
      #expect(CatalogDate.parse(CatalogDate.iso8601(date)) == date, "\(interval) → \(CatalogDate.iso8601(date))")
    }
    #expect(CatalogDate.iso8601(Date(timeIntervalSinceReferenceDate: -0.5)) == "2000-12-31T23:59:59.5Z")
    #expect(CatalogDate.iso8601(Date(timeIntervalSinceReferenceDate: 0.25)) == "2001-01-01T00:00:00.25Z")
  }

  @Test func timesThatDoNotExistAreRefused() {
    for text in [
      "2023-02-30T00:00:00Z", "2023-02-29", "2023-01-01T25:00:00Z", "2023-01-01T24:00:00Z", "2023-01-01T23:60Z",
      "2023-01-01T23:59:60Z", "2023-01-01T00:00:00+24:00", "2023-01-01T00:00:00+01:60", "2023-01-01T00:00:00+1",
      "2023-01-01T00:00:00", "2023-01-01 00:00:00Z", "2023-01-01T00:00:00.Z", "+123-01-01", "2023-01-01T",
    ] {
      #expect(CatalogDate.parse(text) == nil, "\(text)")
    }
    #expect(CatalogDate.parse("2023-01-01T10:00Z") == CatalogDate.parse("2023-01-01T10:00:00Z"))
    #expect(CatalogDate.parse("2023-01-01T10:00:00-0230") == CatalogDate.parse("2023-01-01T12:30:00Z"))
  }
}

@Suite("JSON read exactly as written")
struct JSONValueTests {
  private func parse(_ text: String) throws(JSONValue.Failure) -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

  @Test func valuesKeepTheirKindsAndText() throws {
    #expect(
      try parse(#" {"a": "x\u0000\ud83d\ude00\n", "b": [1, -0.5e3, true, null], "c": {}} "#)
        == .object([
          ("a", .string("x\u{0}😀\n")), ("b", .array([.number("1"), .number("-0.5e3"), .bool(true), .null])),
          ("c", .object([])),
        ]))
  }

  @Test func whatJSONSerializationWouldBendIsRefused() {
    for (text, reason) in [
      (#"{"a": 1, "a": 2}"#, "the key \"a\" appears twice in one object"),
      (#"["\ud800"]"#, "a lone surrogate escape"), (#"["\udc00x"]"#, "a lone surrogate escape"),
      ("[\"a\nb\"]", "a control character (byte 0xA) in a string; JSON needs it escaped"),
      ("[01]", "a malformed number"), ("[1.]", "a malformed number"), ("[1] x", "text after the value"),
      (String(repeating: "[", count: 600), "nested too deeply"),
    ] {
      #expect(throws: JSONValue.Failure.self, "\(text)") { try parse(text) }
      do { _ = try parse(text) } catch { #expect(error.reason == reason, "\(text)") }
    }
    #expect(throws: JSONValue.Failure(offset: 2, reason: "byte 0xFF is not UTF-8")) {
      try JSONValue.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D])
    }
  }

  @Test func tagListsRoundTripAnyName() {
    // A `|` or `\` followed by a combining mark or joiner is one `Character` that is neither.
    let marked = [["a", "\u{301}b"], ["\u{200D}b|"], ["x|\u{308}", "\\\u{301}"], ["|\u{301}|"]]
    for names in [["a|b", "c"], ["\\", "|"], ["end\\"], ["\\|"], ["plain", "two words"], []] + marked {
      #expect(TagList.decoded(TagList.encoded(names)) == names, "\(names)")
    }
    #expect(TagList.decoded(#"a\b|c"#) == [#"a\b"#, "c"], "a backslash before anything else is itself")
    #expect(TagList.decoded("a|\u{301}b") == ["a", "\u{301}b"])
  }
}
