import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// `starts(with:)` reads the range of the column that holds every text starting with the
/// prefix — from an index on it — and still answers as Swift does, whatever the text.
@Suite("A prefix read from a range of the column")
struct PrefixRangeTests {
  /// Titles around the edges of the range: cases, a composed and a decomposed accent, a sign
  /// NFC maps elsewhere (U+2126 OHM SIGN is U+03A9), the scalar just below it (U+2125), the
  /// highest scalar, and the scalars either side of the surrogates.
  static let titles = [
    "Alien", "Aliens", "Alien³", "Al", "alien", "Am", "École", "e\u{301}cole", "Ecole", "\u{2125}x", "\u{2126}hm",
    "Ωmega", "a\u{10FFFF}b", "a\u{10FFFF}", "b", "\u{D7FF}z", "\u{E000}y",
  ]

  @Test func everyPrefixFindsWhatSwiftFindsFromTheIndex() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert(
      Self.titles.enumerated().map { offset, title in
        Movie(title: title, date: Date(timeIntervalSinceReferenceDate: Double(offset) * 86_400))
      })
    let stored = try await movies.fetch(FetchDescriptor<Movie>()).map(\.title)
    for prefix in [
      "Alien", "Al", "A", "É", "e\u{301}", "E", "\u{2125}", "\u{2126}", "Ω", "a\u{10FFFF}", "\u{D7FF}", "",
    ] {
      let found = try await movies.fetch(FetchDescriptor(predicate: #Predicate { $0.title.starts(with: prefix) }))
      #expect(
        found.map(\.title).sorted() == stored.filter { $0.starts(with: prefix) }.sorted(),
        "\(prefix.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    try container.close()
    // SQLite reads the range from the (title, date) index rather than every row.
    let connection = try Connection(location: .file(folder.file("catalog.store").path), readOnly: true)
    let condition = try PredicateTranslator(
      table: try Movie.entityTable(), modelName: "Movie", dialect: SQLiteDialect()
    )
    .condition(#Predicate<Movie> { $0.title.starts(with: "Alien") })
    let explain = try connection.statement("EXPLAIN QUERY PLAN SELECT * FROM \"movies\" WHERE \(condition.sql)")
    defer { explain.reset() }
    try explain.bind(condition.bindings)
    var steps: [String] = []
    while try explain.step() { steps.append(explain.text(at: 3)) }
    #expect(steps.contains { $0.contains("USING INDEX") }, "\(steps)")
    #expect(!steps.contains { $0.hasPrefix("SCAN movies") }, "\(steps)")
  }
}
