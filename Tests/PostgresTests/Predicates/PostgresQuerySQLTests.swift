import Foundation
import Repositories
import SQLValues
import SQLiteCore
import Testing

@testable import Persistence

/// The SQL the PostgreSQL dialect writes for a few shapes, read as a reviewer reads it: typed
/// parameters, `=` where an index can answer, `"C"` order for text, `NULL` placed as SQLite
/// places it, and text matching as a wider condition that says it is not exact.
@Suite("The PostgreSQL dialect's SQL")
struct PostgresQuerySQLTests {
  let builder: QueryBuilder
  let translator: PredicateTranslator

  init() throws {
    let table = try #require(Schema(QueryRecord.self).models.first).resolve()
    builder = QueryBuilder(table: table, modelName: "QueryRecord", dialect: PostgresDialect())
    translator = PredicateTranslator(table: table, modelName: "QueryRecord", dialect: PostgresDialect())
  }

  @Test func comparisonsCastTheirParametersAndCompareDatesAsStored() throws {
    let title = "Alien"
    let date = Date(timeIntervalSinceReferenceDate: 100.000_000_3)
    let filter = try translator.filter(
      #Predicate<QueryRecord> { ($0.small >= 8 && $0.text > title) || !($0.date <= date) || $0.flag == false })
    // A date column holds seconds since 2001 exactly, as Date does.
    #expect(
      filter.fragment.sql
        == #"(((("small" >= ?::int8) AND ("text" COLLATE "C" > ?::text)) OR (NOT ("date" <= ?::float8))) OR ("flag" = FALSE))"#
    )
    #expect(filter.fragment.bindings == [.integer(8), .text("Alien"), .real(100.000_000_3)])
    #expect(filter.isExact)
  }

  @Test func membershipIsOneArrayAndEqualityKeepsNilAsSwiftDoes() throws {
    let ids = [UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))]
    let none: Int? = nil
    let title = "Alien"
    let filter = try translator.filter(
      #Predicate<QueryRecord> { ids.contains($0.token) && $0.optInt == none && $0.optText != title })
    #expect(
      filter.fragment.sql
        == #"((("token" = ANY(?::uuid[])) AND ("optInt" IS NULL)) AND ("optText" <> ?::text OR "optText" IS NULL))"#)
    #expect(filter.fragment.bindings == [.text("{0102030405060708090A0B0C0D0E0F10}"), .text("Alien")])
  }

  @Test func textMatchingIsAWiderConditionThatSaysSo() throws {
    let needle = "👍"
    let narrowed = try translator.filter(#Predicate<QueryRecord> { $0.text.contains(needle) && $0.small > 0 })
    #expect(narrowed.fragment.sql == #"((strpos("text", ?::text) > 0) AND ("small" > ?::int8))"#)
    #expect(!narrowed.isExact)
    // Under `!` nothing narrows: the wider condition of a negated match is every row.
    let negated = try translator.filter(#Predicate<QueryRecord> { !$0.text.starts(with: needle) && $0.small > 0 })
    #expect(negated.fragment.sql == #"("small" > ?::int8)"#)
    #expect(!negated.isExact)
    #expect(throws: PersistenceError.self) {
      try translator.condition(#Predicate<QueryRecord> { $0.text.contains(needle) })
    }
  }

  @Test func anInexactQueryLeavesItsPageToTheCheckInSwift() throws {
    let needle = "a"
    var descriptor = FetchDescriptor<QueryRecord>(
      predicate: #Predicate { $0.text.contains(needle) },
      sortBy: [SortDescriptor(\.optInt, order: .reverse), SortDescriptor(\.text)])
    descriptor.fetchLimit = 5
    let selection = try builder.selection(descriptor, columns: "1")
    #expect(
      selection.fragment.sql
        == #"SELECT 1 FROM "QueryRecord" WHERE (strpos("text", ?::text) > 0) ORDER BY "optInt" DESC NULLS LAST, "text" ASC, "id" ASC"#
    )
    #expect(!selection.isExact)
    #expect(throws: PersistenceError.self) { try builder.select(descriptor) }
    descriptor.predicate = nil
    #expect(try builder.select(descriptor).sql.hasSuffix(#"ASC LIMIT ?::int8 OFFSET ?::int8"#))
  }

  @Test func aPositionComparesEachKeyInItsColumnsType() throws {
    var random = QueryRandom(seed: 1)
    var position = random.record()
    position.optInt = 4
    position.date = Date(timeIntervalSinceReferenceDate: 100.5)
    var descriptor = FetchDescriptor<QueryRecord>(sortBy: [SortDescriptor(\.optInt), SortDescriptor(\.date)])
    descriptor.after = position
    let query = try builder.select(descriptor)
    #expect(
      query.sql
        == #"SELECT \#(builder.table.quotedColumns) FROM "QueryRecord" WHERE ("optInt" >= ?::int8 AND ("optInt" > ?::int8 OR ("optInt" = ?::int8 AND ("date" > ?::float8 OR ("date" = ?::float8 AND "id" > encode(?::bytea, 'hex')::uuid))))) ORDER BY "optInt" ASC NULLS FIRST, "date" ASC, "id" ASC"#
    )
    #expect(query.bindings.dropLast() == [.integer(4), .integer(4), .integer(4), .real(100.5), .real(100.5)])
  }

  @Test func placeholdersAreNumberedOutsideQuotes() {
    #expect(
      PostgresPlaceholders.numbered(#"SELECT '?', "a?""b", ? FROM t WHERE x = ? AND y = 'it''s ?' AND z = ?"#)
        == #"SELECT '?', "a?""b", $1 FROM t WHERE x = $2 AND y = 'it''s ?' AND z = $3"#)
  }
}
