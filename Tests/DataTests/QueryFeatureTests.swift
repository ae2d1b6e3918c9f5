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

@Suite("Query features of the SQLite repository")
struct QueryFeatureTests {
  let movies: SQLiteRepository<Movie>

  init() throws {
    let container = try ModelContainer(for: Movie.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    movies = try SQLiteRepository<Movie>(container: container)
  }

  func catalog(_ count: Int) -> [Movie] {
    (0..<count).map {
      Movie(title: "Movie \($0)", date: Date(timeIntervalSinceReferenceDate: Double($0)), rate: $0 % 11)
    }
  }

  @Test func fetchingManyIdsIsOneQueryAndKeepsTheirOrder() async throws {
    let stored = catalog(600)
    try await movies.insert(stored)
    let wanted = stored.reversed().map(\.id) + [UUID()]
    #expect(try await movies.fetch(ids: wanted) == stored.reversed())
  }

  @Test func aLongCapturedArrayIsBoundAsOneValue() async throws {
    let stored = catalog(400)
    try await movies.insert(stored)
    let ids = stored.filter { $0.rate == 3 }.map(\.id)
    let rates = Array(0...300).filter { $0 % 2 == 1 }
    #expect(try await movies.fetch(FetchDescriptor(predicate: #Predicate { ids.contains($0.id) })).count == ids.count)
    #expect(
      try await movies.fetchCount(FetchDescriptor(predicate: #Predicate { rates.contains($0.rate) }))
        == stored.filter { $0.rate % 2 == 1 }.count)
  }

  @Test func validateChecksADescriptorWithoutRunningIt() throws {
    try movies.validate(FetchDescriptor(predicate: #Predicate { $0.rate >= 3 && $0.title.starts(with: "A") }))
    #expect(throws: PersistenceError.self) {
      try movies.validate(FetchDescriptor(predicate: #Predicate { $0.images.allSatisfy { $0.isEmpty } }))
    }
    try movies.validate(
      MovieQuery(minimumRate: 5, searchText: "x").descriptor())
  }

  @Test func anOverflowInAPredicateFailsTheFetchInsteadOfTrapping() async throws {
    try await movies.insert(Movie(title: "Big", date: .now, heart: .max))
    await #expect(throws: RepositoryError.self) {
      try await movies.fetch(FetchDescriptor(predicate: #Predicate { $0.heart + 1 > 0 }))
    }
  }

  @Test func precomposedAndDecomposedTextMatchAsInSwift() async throws {
    try await movies.insert(Movie(title: "Ame\u{301}lie", date: .now))
    let composed = "Amélie"
    #expect(try await movies.fetchCount(FetchDescriptor(predicate: #Predicate { $0.title == composed })) == 1)
    #expect(try await movies.fetchCount(FetchDescriptor(predicate: #Predicate { $0.title.contains("é") })) == 1)
    #expect(try await movies.fetchAll().first?.title == "Amélie")
  }

  @Test func rawSQLOfEveryShapeKeepsTheStoresCachesBounded() async throws {
    let stored = catalog(20)
    try await movies.insert(stored)
    for rate in 0..<(Connection.statementCacheCapacity * 3) {
      // Each query is a different text, as user-written SQL can be.
      let found = try await movies.fetch(sql: #"SELECT * FROM "movies" WHERE "rate" = \#(rate % 11) AND \#(rate) >= 0"#)
      #expect(Set(found.map(\.id)) == Set(stored.filter { $0.rate == rate % 11 }.map(\.id)))
    }
    let (readers, statements) = try movies.store.read { state in
      (state.cachedReaderCount, state.connection.cachedStatementCount)
    }
    #expect(readers <= Connection.statementCacheCapacity)
    #expect(statements <= Connection.statementCacheCapacity)
  }
}

@Suite("Sections and raw SQL")
struct SectionsAndRawSQLTests {
  let movies: SQLiteRepository<Movie>

  init() throws {
    let container = try ModelContainer(for: Movie.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    movies = try SQLiteRepository<Movie>(container: container)
  }

  @Test func sectionsFollowTheSortAndKeepItWithin() async throws {
    let stored = (0..<9).map {
      Movie(title: "M\($0)", date: Date(timeIntervalSinceReferenceDate: Double($0)), rate: $0 % 3)
    }
    try await movies.insert(stored)
    let sections = try await movies.fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.date)]), sectionedBy: \.rate)
    #expect(sections.map(\.key) == [2, 1, 0])
    #expect(sections[0].models.map(\.title) == ["M2", "M5", "M8"])
  }

  @Test func rawSQLReturnsModelsWithBoundValues() async throws {
    try await movies.insert([Movie(title: "Alien", date: .now, rate: 9), Movie(title: "Heat", date: .now, rate: 8)])
    let found = try await movies.fetch(sql: #"SELECT * FROM "movies" WHERE "rate" > ? ORDER BY "title""#, [.integer(8)])
    #expect(found.map(\.title) == ["Alien"])
    await #expect(throws: RepositoryError.self) { try await movies.fetch(sql: "SELECT 1 AS title") }
  }
}

@Suite("Cursors read models one row at a time")
struct ModelCursorTests {
  @Test(arguments: [true, false])
  func aCursorYieldsWhatFetchReturns(onFile: Bool) async throws {
    let folder = try TemporaryDirectory()
    let configuration =
      onFile
      ? ModelConfiguration("Catalog", url: folder.file("cursor.store"))
      : ModelConfiguration("Catalog", isStoredInMemoryOnly: true)
    let container = try ModelContainer(for: Movie.self, configurations: configuration)
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert((0..<2_000).map { Movie(title: "M\($0)", date: .now, rate: $0 % 11) })
    let descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.rate >= 5 }, sortBy: [SortDescriptor(\.title)])
    var streamed: [Movie] = []
    for try await movie in movies.cursor(descriptor) { streamed.append(movie) }
    #expect(streamed == (try await movies.fetch(descriptor)))
  }

  @Test func aCursorOnAFileDoesNotHoldUpWriters() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("cursor.store")))
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert((0..<100).map { Movie(title: "M\($0)", date: .now) })
    let iterator = movies.cursor().makeAsyncIterator()
    _ = try await iterator.next()
    try await movies.insert(Movie(title: "Added while reading", date: .now))
    var seen = 1
    while try await iterator.next() != nil { seen += 1 }
    #expect(seen == 100, "the cursor reads the snapshot it started with")
    #expect(try await movies.fetchCount(FetchDescriptor()) == 101)
  }
}
