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

@Suite("FetchDescriptor is translated to SQL with bound values")
struct PredicateTranslationTests {
  let builder: QueryBuilder
  let columns = #""id", "title", "content", "images", "date", "rate", "heart", "runtime""#

  init() throws {
    builder = QueryBuilder(
      table: try #require(Schema(Movie.self).models.first).resolve(), modelName: "Movie", dialect: SQLiteDialect())
  }

  private func condition(_ predicate: Predicate<Movie>) throws -> SQLFragment {
    try PredicateTranslator(table: builder.table, modelName: "Movie", dialect: SQLiteDialect()).condition(predicate)
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
      MovieQuery(minimumRate: 8, titlePrefix: "A").descriptor())
    #expect(
      query.sql
        == #"SELECT "id", "title", "content", "images" AS "images:names", "date", "rate", "heart", "runtime" FROM "movies" WHERE (("rate" >= ?) AND (("title" >= ? AND "title" < ?) AND swift_starts_with("title", ?))) ORDER BY "date" ASC, "title" ASC, "id" ASC"#
    )
    #expect(query.bindings == [.integer(8), .text("A"), .text("B"), .text("A")])
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
    let fragment = try condition(#Predicate<Movie> { $0.heart > 0 && $0.content.starts(with: "A") })
    // Within the range of the column that holds every text starting with the prefix.
    #expect(
      fragment.sql == #"(("heart" > ?) AND (("content" >= ? AND "content" < ?) AND swift_starts_with("content", ?)))"#)
    #expect(fragment.bindings == [.integer(0), .text("A"), .text("B"), .text("A")])
    // The title is searchable: its index narrows a needle of three scalars or more by its
    // trigrams, each quoted as one FTS5 string, and Swift's test stays; a shorter needle reads
    // every row. Either way SQLite's `instr` first looks for the needle's bytes, so only rows
    // that hold them reach Swift's test.
    let searched = try condition(#Predicate<Movie> { $0.title.contains("50%_\"off") || $0.title.contains("of") })
    #expect(
      searched.sql
        == #"(("movies".rowid IN (SELECT rowid FROM "_search_movies_fts" WHERE "_search_movies_fts" MATCH ? UNION ALL "#
        + #"SELECT "row" FROM "_search_movies_pending" WHERE "deleted" = 0) AND (instr("title", ?) > 0 AND "#
        + #"swift_contains("title", ?))) OR (instr("title", ?) > 0 AND swift_contains("title", ?)))"#)
    #expect(
      searched.bindings == [
        .text(#""50%" AND "0%_" AND "%_""" AND "_""o" AND """of" AND "off""#), .text("50%_\"off"),
        .text("50%_\"off"), .text("of"), .text("of"),
      ])
  }

  @Test func oneNeedleInTwoSearchableColumnsReadsTheIndexOnce() throws {
    // The row set the index finds once, both exact tests within it: SQLite would otherwise
    // build the set for each side of the OR and merge their rows.
    let needle = "ovie 42"
    let searched = try condition(#Predicate<Movie> { $0.title.contains(needle) || $0.content.contains(needle) })
    #expect(
      searched.sql
        == #"("movies".rowid IN (SELECT rowid FROM "_search_movies_fts" WHERE "_search_movies_fts" MATCH ? UNION ALL "#
        + #"SELECT "row" FROM "_search_movies_pending" WHERE "deleted" = 0) AND "#
        + #"((instr("title", ?) > 0 AND swift_contains("title", ?)) OR "#
        + #"(instr("content", ?) > 0 AND swift_contains("content", ?))))"#)
    #expect(
      searched.bindings == [.text(#""ovi" AND "vie" AND "ie " AND "e 4" AND " 42""#)]
        + Array(repeating: .text(needle), count: 4))
    // Different needles find different sets: each side keeps its own.
    let other = "ovie 43"
    let two = try condition(#Predicate<Movie> { $0.title.contains(needle) || $0.content.contains(other) })
    #expect(two.sql.components(separatedBy: "MATCH").count == 3)
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
        == #"SELECT \#(columns) FROM "movies" WHERE ("rate" >= ?) ORDER BY "date" DESC, "title" ASC, "id" ASC LIMIT ? OFFSET ?"#
    )
    #expect(query.bindings == [.integer(5), .integer(10), .integer(20)])
  }

  @Test func aPageAfterAModelIsARangeOnTheFirstSortKeyThenItsTies() throws {
    var descriptor = FetchDescriptor<Movie>(
      predicate: #Predicate { $0.rate >= 5 },
      sortBy: [SortDescriptor(\.date), SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.runtime)])
    let last = Movie(
      id: UUID(fixture: 7), title: "Alien", date: Date(timeIntervalSinceReferenceDate: 9), rate: 8, runtime: nil)
    descriptor.after = last
    let query = try builder.select(descriptor)
    #expect(
      query.sql.hasSuffix(
        #"WHERE ("rate" >= ?) AND ("date" >= ? AND ("date" > ? OR ("date" = ? AND ("rate" < ? OR ("rate" = ? AND "#
          + #"("runtime" IS NOT NULL OR ("runtime" IS NULL AND "id" > ?))))))) ORDER BY "date" ASC, "rate" DESC, "#
          + #""runtime" ASC, "id" ASC"#))
    let id = SQLValue(UUID(fixture: 7))
    #expect(query.bindings == [.integer(5), .real(9), .real(9), .real(9), .integer(8), .integer(8), id])
    #expect(try builder.count(descriptor).bindings == query.bindings)
  }

  @Test func aPageAfterAModelNeedsASortOrder() {
    var descriptor = FetchDescriptor<Movie>()
    descriptor.after = .alien
    #expect(throws: PersistenceError.self) { try builder.select(descriptor) }
  }

  @Test func countHonoursThePage() throws {
    #expect(try builder.count(FetchDescriptor<Movie>()).sql == #"SELECT count(*) FROM "movies""#)
    let paged = try builder.count(FetchDescriptor<Movie>(fetchLimit: 3))
    #expect(paged.sql == #"SELECT count(*) FROM (SELECT 1 FROM "movies" LIMIT ? OFFSET ?) AS page"#)
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

  @Test func anUntranslatableOperandIsNamedRatherThanTheNodeAboveIt() throws {
    // `Equal` and `!` have SQL only where their operands do: the error still names the operand.
    #expect(
      throws: PersistenceError.unsupportedQuery(
        "SequenceAllSatisfy<KeyPath<Variable<Movie>, Array<Data>>, KeyPath<Variable<Data>, Bool>> cannot be translated to SQL (in a predicate on Movie)"
      )
    ) {
      try condition(#Predicate<Movie> { !($0.images.allSatisfy { $0.isEmpty } == true) })
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
    #expect(throws: PersistenceError.unsupportedQuery("Movie.images is stored in external files and cannot be queried"))
    {
      try condition(#Predicate<Movie> { $0.images == [] })
    }
    let edges = PredicateTranslator(
      table: try #require(Schema(EdgeRecord.self).models.first).resolve(), modelName: "EdgeRecord",
      dialect: SQLiteDialect())
    #expect(throws: PersistenceError.unsupportedQuery("EdgeRecord.tags is stored as JSON and cannot be compared")) {
      try edges.condition(#Predicate<EdgeRecord> { $0.tags == [] })
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

@Suite("Every supported expression kind has its SQL")
struct ExpressionKindTranslationTests {
  let translator: PredicateTranslator

  init() throws {
    translator = PredicateTranslator(
      table: try #require(Schema(EdgeRecord.self).models.first).resolve(), modelName: "EdgeRecord",
      dialect: SQLiteDialect())
  }

  private func sql(_ predicate: Predicate<EdgeRecord>) throws -> SQLFragment { try translator.condition(predicate) }

  @Test func arithmeticUsesSwiftsOverflowRulesForIntegers() throws {
    // Typed constants, not literals: with integer literals, the compiler took 21 s to type-check
    // this predicate's expansion. Both are bound values, so the SQL is the same.
    let (one, two, three): (Int, Int, Int) = (1, 2, 3)
    let fragment = try sql(
      #Predicate { $0.int + one > two && $0.int * two < $0.int - three && -$0.int >= $0.int / two % three })
    #expect(
      fragment.sql
        == #"(CASE WHEN (CASE WHEN (swift_add("int", ?) > ?) THEN (swift_multiply("int", ?) < swift_subtract("int", ?)) ELSE 0 END) THEN (swift_negate("int") >= swift_remainder(swift_divide("int", ?), ?)) ELSE 0 END)"#
    )
    // A side that can fail is evaluated only where Swift would evaluate it, in Swift's order.
    #expect(
      try sql(#Predicate { $0.int > one && two / $0.int > one }).sql
        == #"(("int" > ?) AND (CASE WHEN ("int" > ?) THEN (swift_divide(?, "int") > ?) ELSE 0 END))"#)
    // A division by a constant other than 0 and -1 cannot fail: no guard.
    #expect(
      try sql(#Predicate { $0.int > one && $0.int / two > one }).sql
        == #"(("int" > ?) AND (swift_divide("int", ?) > ?))"#)
    // Narrower widths pass their range; floating point may be NaN, which SQLite holds as NULL.
    let small: Int8 = 1
    #expect(try sql(#Predicate { $0.int8 + small > small }).sql == #"(swift_add("int8", ?, -128, 127) > ?)"#)
    #expect(try sql(#Predicate { $0.double / 2 > 1 }).sql == #"coalesce((swift_divide_real("double", ?) > ?), 0)"#)
    #expect(try sql(#Predicate { $0.double + 1 > 1 }).sql == #"coalesce((("double" + ?) > ?), 0)"#)
  }

  @Test func conditionalsAndOptionals() throws {
    #expect(
      try sql(#Predicate { ($0.flag ? $0.int : 0) > 3 }).sql == #"((CASE WHEN "flag" THEN "int" ELSE ? END) > ?)"#)
    #expect(try sql(#Predicate { ($0.optionalText ?? "x") == "y" }).sql == #"(coalesce("optionalText", ?) IS ?)"#)
    #expect(
      try sql(#Predicate { $0.optionalText.flatMap { $0.starts(with: "a") } == true }).sql
        == #"((CASE WHEN "optionalText" IS NULL THEN NULL ELSE (("optionalText" >= ? AND "optionalText" < ?) "#
        + #"AND swift_starts_with("optionalText", ?)) END) IS 1)"#)
    let past = Date.distantPast
    #expect(try sql(#Predicate { $0.optionalDate! > past }).sql == #"(swift_unwrap("optionalDate") > ?)"#)
  }

  @Test func membershipAndRanges() throws {
    let ids = [1, 2, 3]
    let genres: [EdgeRecord.Genre] = [.drama]
    let fragment = try sql(#Predicate { ids.contains($0.int) && genres.contains($0.genre) })
    // NOT NULL columns: a bare IN an index can answer, padded to a power of two with the last value.
    #expect(fragment.sql == #"(("int" IN (?, ?, ?, ?)) AND ("genre" IN (?)))"#)
    #expect(fragment.bindings == [.integer(1), .integer(2), .integer(3), .integer(3), .text("drama")])
    let long = Array(0..<300)
    let longFragment = try sql(#Predicate { long.contains($0.int) })
    #expect(longFragment.bindings.count == 512)
    #expect(longFragment.bindings.last == .integer(299))
    // A column that may be NULL is tested for NULL, so the test is never NULL and `!` does not
    // drop NULL rows: with nil among the values NULL is a match, else it is not one.
    let texts: [String?] = ["a", nil]
    #expect(
      try sql(#Predicate { texts.contains($0.optionalText) }).sql
        == #"("optionalText" IN (?) OR "optionalText" IS NULL)"#)
    let present: [String?] = ["a", "b"]
    #expect(
      try sql(#Predicate { present.contains($0.optionalText) }).sql
        == #"("optionalText" IS NOT NULL AND ("optionalText" IN (?, ?)))"#)
    let names = ["a"]
    #expect(try sql(#Predicate { !names.contains($0.text) }).sql == #"(NOT ("text" IN (?)))"#)
    #expect(try sql(#Predicate { (1...5).contains($0.int) }).sql == #"(("int" >= ?) AND ("int" <= ?))"#)
    #expect(try sql(#Predicate { (1..<5).contains($0.int) }).sql == #"(("int" >= ?) AND ("int" < ?))"#)
    let empty: [Int] = []
    #expect(try sql(#Predicate { empty.contains($0.int) }).sql == "0")
  }

  @Test func fieldsInsideJSONAttributes() throws {
    let fragment = try sql(#Predicate { $0.credits.director == "Ridley Scott" && $0.credits.budget ?? 0 > 1 })
    #expect(
      fragment.sql
        == #"((json_extract("credits", ?) IS ?) AND (coalesce((CASE WHEN json_extract("credits", ?) = 0 THEN CAST(("credits" -> ?) AS REAL) ELSE CAST(json_extract("credits", ?) AS REAL) END), ?) > ?))"#
    )
    #expect(fragment.bindings.first == .text(#"$."director""#))
    #expect(
      try sql(#Predicate { $0.tags.contains("space") }).sql
        == #"EXISTS (SELECT 1 FROM json_each("tags", ?) WHERE value IS ?)"#)
  }
}
