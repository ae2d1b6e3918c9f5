import Catalog
import CatalogStorage
import Foundation
import Persistence
import PostgresCore
import Repositories
import Testing

/// What the PostgreSQL repository does beyond the shared contract: inserts of many rows in few
/// statements, values PostgreSQL cannot hold as they are, and its errors.
@Suite(.needsPostgreSQL)
struct PostgresRepositoryTests {
  static func repository() async throws -> PostgresRepository<Movie> {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Movie.self], poolSize: 2)
    return try PostgresRepository<Movie>(store: store)
  }

  static func movies(_ count: Int) -> [Movie] {
    (0..<count).map { index in
      Movie(
        title: "Movie \(index)", content: index.isMultiple(of: 7) ? "a\u{0}b\u{1}c" : "",
        date: Date(timeIntervalSinceReferenceDate: Double(index) * 86_400.123_456_7), rate: index % 11)
    }
  }

  @Test func manyRowsInsertInBatchesAndComeBackExactly() async throws {
    let movies = try await Self.repository()
    // Two full statements of rows and a shorter rest.
    let stored = Self.movies(600)
    try await movies.insert(stored)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 600)
    #expect(try await movies.fetchAll() == stored, "unsorted, in the order they were stored, values exact")
  }

  @Test func aRowThatFailsInABatchStoresNoneOfThem() async throws {
    let movies = try await Self.repository()
    var batch = Self.movies(700)
    try await movies.insert(batch[650])
    // The stored movie's identifier comes again in the second full statement.
    batch[300] = batch[650]
    // Many rows go in one COPY; the clash is a broken rule, as for a few rows.
    let error = await #expect(throws: RepositoryError.self) { try await movies.insert(batch) }
    guard case .constraintViolation = error else {
      Issue.record("\(String(describing: error)) is not a constraint violation")
      return
    }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 1)
  }

  @Test func manyRowsUpdateInBatchesInTheOrderGiven() async throws {
    let movies = try await Self.repository()
    let stored = Self.movies(600)
    try await movies.insert(stored)
    // Full statements, shorter pieces, and a model given twice: the later one wins.
    var changed = stored.map { movie in
      var movie = movie
      movie.rate = 10 - movie.rate
      movie.content += "\u{0}changed"
      return movie
    }
    var again = changed[10]
    again.title = "Given again"
    changed.insert(again, at: 300)
    try await movies.update(changed)
    var expected = Array(changed[0..<300] + changed[301...])
    expected[10] = again
    #expect(try await movies.fetchAll() == expected)
  }

  @Test func anUpdateOfAModelNotStoredNamesItAndChangesNothing() async throws {
    let movies = try await Self.repository()
    let stored = Self.movies(600)
    try await movies.insert(stored)
    let missing = Movie(title: "Never stored", date: .now, rate: 1)
    var changed = stored.map { movie in
      var movie = movie
      movie.heart = 1
      return movie
    }
    changed.insert(missing, at: 450)
    await #expect(throws: RepositoryError.notFound(id: String(describing: missing.id))) {
      try await movies.update(changed)
    }
    #expect(try await movies.fetchAll() == stored)
  }

  @Test func aStoreThatCannotBeReachedSaysSoWithoutThePassword() async throws {
    let error = await #expect(throws: PersistenceError.self) {
      _ = try await PostgresStore(url: "postgres://someone:secret@127.0.0.1:1/none", for: [Movie.self])
    }
    #expect(!"\(error.map { "\($0)" } ?? "")".contains("secret"))
  }
}

/// A database's own tables are never written when they are not the model's.
@Suite(.needsPostgreSQL)
struct PostgresForeignTableTests {
  /// Another program's table of the same name; the same columns but no history trigger.
  static let tables = [
    ("CREATE TABLE movies (id uuid PRIMARY KEY, title text)", "(id, title) VALUES (gen_random_uuid(), 'theirs')"),
    (
      #"CREATE TABLE movies (rowid bigint GENERATED ALWAYS AS IDENTITY, id uuid PRIMARY KEY, "#
        + #"title text COLLATE "C" NOT NULL, content text COLLATE "C" NOT NULL, images jsonb NOT NULL, "#
        + "date double precision NOT NULL, rate bigint NOT NULL, heart bigint NOT NULL, runtime bigint)",
      "(id, title, content, images, date, rate, heart) VALUES (gen_random_uuid(), 'theirs', '', '[]', 0, 0, 0)"
    ),
  ]

  @Test(arguments: 0..<tables.count)
  func aTableOfAnotherShapeIsRefusedAndLeftAsItWas(_ index: Int) async throws {
    let url = try PostgresTestServer.makeSchema()
    let connection = try PostgresConnection(url: url)
    try connection.execute(Self.tables[index].0)
    try connection.execute("INSERT INTO movies " + Self.tables[index].1)
    let error = await #expect(throws: PersistenceError.self) {
      _ = try await PostgresStore(url: url, for: [Movie.self], poolSize: 1)
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("movies"))
    // Nothing was created beside it, and its row is untouched.
    let tables = try connection.query(
      "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE '\\_history%'")
    #expect(tables.int64(row: 0, column: 0) == 0)
    #expect(try connection.query("SELECT title FROM movies").text(row: 0, column: 0) == "theirs")
  }
}

/// Text inside JSON documents keeps every character on PostgreSQL, whose `jsonb` refuses NUL,
/// and predicates on it find what Swift finds.
@Suite(.needsPostgreSQL)
struct PostgresJSONTextTests {
  struct Label: Codable, Sendable, Hashable { var text: String }
  struct Poster: Codable, Sendable, Hashable, Identifiable, PersistentModel {
    var id: Int
    var lines: [String]
    var label: Label
  }

  static let awkward = ["a\u{0}b", "\u{1}", "\u{0}\u{1}\u{2}", #"\u0000"#, #"\\u0001"#, "plain", ""]

  @Test func documentsWithNULAndItsEscapeComeBackExactlyAndAreFound() async throws {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Poster.self], poolSize: 1)
    let posters = try PostgresRepository<Poster>(store: store)
    let stored = Self.awkward.enumerated().map { Poster(id: $0, lines: [$1, $1 + "!"], label: Label(text: $1)) }
    try await posters.insert(stored)
    #expect(try await posters.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.id)])) == stored)
    for (index, text) in Self.awkward.enumerated() {
      let byLabel = try await posters.fetch(FetchDescriptor(predicate: #Predicate { $0.label.text == text }))
      #expect(byLabel.map(\.id) == [index], "label \(text.debugDescription)")
      let byLine = try await posters.fetch(FetchDescriptor(predicate: #Predicate { $0.lines.contains(text) }))
      #expect(byLine.map(\.id) == [index], "line \(text.debugDescription)")
    }
    var changed = stored[0]
    changed.label.text = "\u{0}\u{0}"
    try await posters.update(changed)
    #expect(try await posters.fetch(id: 0) == changed)
  }

  @Test func manyDocumentsWithNULInsertAndUpdateInBatchesExactly() async throws {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Poster.self], poolSize: 1)
    let posters = try PostgresRepository<Poster>(store: store)
    // Enough rows for the statements of many rows: a few with NUL or its escape, the rest plain.
    let text = { (number: Int) in number.isMultiple(of: 50) ? Self.awkward[number / 50 % Self.awkward.count] : "plain" }
    let stored = (0..<600).map { Poster(id: $0, lines: [text($0)], label: Label(text: text($0))) }
    try await posters.insert(stored)
    #expect(try await posters.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.id)])) == stored)
    let changed = stored.map {
      Poster(id: $0.id, lines: $0.lines + [text($0.id + 50)], label: Label(text: text($0.id + 50)))
    }
    try await posters.update(changed)
    #expect(try await posters.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.id)])) == changed)
  }
}
