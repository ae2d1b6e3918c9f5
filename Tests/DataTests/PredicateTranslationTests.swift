import Domain
import Foundation
import Testing

@testable import Persistence

@Suite("FetchDescriptor is translated to SQL with bound values")
struct PredicateTranslationTests {
  let builder: QueryBuilder
  let columns = #""id", "title", "content", "images", "date", "rate", "heart""#

  init() throws {
    builder = QueryBuilder(table: try #require(Schema(Movie.self).models.first).resolve(), modelName: "Movie")
  }

  private func condition(_ predicate: Predicate<Movie>) throws -> SQLFragment {
    try PredicateTranslator(table: builder.table, modelName: "Movie").condition(predicate)
  }

  @Test func comparisonsAndLogicBindEveryValue() throws {
    let title = "Alien"
    let date = Date(timeIntervalSinceReferenceDate: 100)
    let fragment = try condition(
      #Predicate<Movie> { ($0.rate >= 8 && $0.title != title) || !($0.date < date) || $0.heart == 0 })
    #expect(fragment.sql == #"(((("rate" >= ?) AND ("title" IS NOT ?)) OR (NOT ("date" < ?))) OR ("heart" IS ?))"#)
    #expect(fragment.bindings == [.integer(8), .text("Alien"), .real(100), .integer(0)])
  }

  @Test func capturedBooleansFoldAwaySoFiltersCanBeOptional() throws {
    for (enabled, expected) in [
      (false, #"SELECT \#(columns) FROM "movies" ORDER BY rowid"#),
      (true, #"SELECT \#(columns) FROM "movies" WHERE ("rate" >= ?) ORDER BY rowid"#),
    ] {
      let minimum = 7
      let query = try builder.select(FetchDescriptor<Movie>(predicate: #Predicate { !enabled || $0.rate >= minimum }))
      #expect(query.sql == expected)
    }
    let never = false
    #expect(try condition(#Predicate<Movie> { never && $0.rate / 0 > 1 }).sql == "0")
  }

  @Test func theCatalogListTranslatesOnlyTheFiltersAskedFor() throws {
    let query = try builder.select(
      ListMovies<SQLiteRepository<Movie>>.descriptor(for: MovieQuery(minimumRate: 8, titlePrefix: "A")))
    #expect(
      query.sql
        == #"SELECT \#(columns) FROM "movies" WHERE (("rate" >= ?) AND swift_starts_with("title", ?)) ORDER BY "date" ASC, "title" ASC, "id" ASC, rowid"#
    )
    #expect(query.bindings == [.integer(8), .text("A")])
  }

  @Test func everyComparisonOperator() throws {
    #expect(try condition(#Predicate<Movie> { $0.rate < 1 }).sql == #"("rate" < ?)"#)
    #expect(try condition(#Predicate<Movie> { $0.rate <= 1 }).sql == #"("rate" <= ?)"#)
    #expect(try condition(#Predicate<Movie> { $0.rate > 1 }).sql == #"("rate" > ?)"#)
    #expect(try condition(#Predicate<Movie> { $0.rate >= 1 }).sql == #"("rate" >= ?)"#)
    #expect(try condition(#Predicate<Movie> { $0.rate == 1 }).sql == #"("rate" IS ?)"#)
    #expect(try condition(#Predicate<Movie> { $0.rate != 1 }).sql == #"("rate" IS NOT ?)"#)
  }

  @Test func uuidsAreBoundAsTheirSixteenBytes() throws {
    let id = try #require(UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF"))
    let fragment = try condition(#Predicate<Movie> { $0.id == id })
    #expect(fragment.sql == #"("id" IS ?)"#)
    #expect(
      fragment.bindings == [
        .blob(Data([0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]))
      ])
  }

  @Test func containsAndStartsWithAreEvaluatedAsSwiftDoes() throws {
    let fragment = try condition(#Predicate<Movie> { $0.title.contains("50%_off") || $0.content.starts(with: "A") })
    #expect(fragment.sql == #"(swift_contains("title", ?) OR swift_starts_with("content", ?))"#)
    #expect(fragment.bindings == [.text("50%_off"), .text("A")])
  }

  @Test func sortAndPageAreDoneInSQL() throws {
    var descriptor = FetchDescriptor<Movie>(
      predicate: #Predicate { $0.rate >= 5 },
      sortBy: [SortDescriptor(\.date, order: .reverse), SortDescriptor(\.title)])
    descriptor.fetchLimit = 10
    descriptor.fetchOffset = 20
    let query = try builder.select(descriptor)
    #expect(
      query.sql
        == #"SELECT \#(columns) FROM "movies" WHERE ("rate" >= ?) ORDER BY "date" DESC, "title" ASC, rowid LIMIT ? OFFSET ?"#
    )
    #expect(query.bindings == [.integer(5), .integer(10), .integer(20)])
  }

  @Test func countHonoursThePage() throws {
    #expect(try builder.count(FetchDescriptor<Movie>()).sql == #"SELECT count(*) FROM "movies""#)
    let paged = try builder.count(FetchDescriptor<Movie>(fetchLimit: 3))
    #expect(paged.sql == #"SELECT count(*) FROM (SELECT 1 FROM "movies" LIMIT ? OFFSET ?)"#)
    #expect(paged.bindings == [.integer(3), .integer(0)])
  }

  @Test func anUntranslatableExpressionIsNamedInTheError() throws {
    #expect(
      throws: PersistenceError.unsupportedQuery(
        "SequenceAllSatisfy<KeyPath<Variable<Movie>, Array<Data>>, KeyPath<Variable<Data>, Bool>> cannot be translated to SQL (in a predicate on Movie)"
      )
    ) {
      try condition(#Predicate<Movie> { $0.images.allSatisfy { $0.isEmpty } })
    }
  }

  @Test func aComputedPropertyOfAJSONAttributeIsRefused() throws {
    #expect(throws: PersistenceError.self) {
      try condition(#Predicate<Movie> { $0.images.isEmpty })
    }
  }

  @Test func aKeyPathIntoAComputedValueIsRefused() throws {
    #expect(throws: PersistenceError.self) {
      try condition(#Predicate<Movie> { $0.title.count > 3 })
    }
  }

  @Test func attributesStoredAsJSONCannotBeCompared() throws {
    #expect(throws: PersistenceError.unsupportedQuery("Movie.images is stored as JSON and cannot be compared")) {
      try condition(#Predicate<Movie> { $0.images == [] })
    }
  }

  @Test func anUnsupportedPredicateFailsTheFetchWithARepositoryError() async throws {
    let container = try ModelContainer(for: Movie.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let movies = try SQLiteRepository<Movie>(container: container)
    await #expect(throws: RepositoryError.self) {
      try await movies.fetch(FetchDescriptor(predicate: #Predicate { $0.images.allSatisfy { $0.isEmpty } }))
    }
  }
}
