import Catalog
import CatalogStorage
import Foundation
import Repositories
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// How a query's reader is reused, and how identifiers are bound (see `StoreState.reader(for:table:)`
/// and `SQLValue.init(identifier:)`).
extension QueryFeatureTests {
  private var everyMovie: String {
    "SELECT \(movies.table.quotedColumns) FROM \(movies.table.quotedName) ORDER BY rowid"
  }

  @Test func aReaderLeftOnARowReadsFromTheFirstRowWhenAskedForAgain() async throws {
    try await movies.insert(catalog(5))
    let (sameReader, count) = try movies.store.read { state in
      let first = try state.reader(for: everyMovie, table: movies.table)
      // Stopped after one row, as a cursor that is let go early stops.
      try first.statement.bind([])
      _ = try first.next(Movie.self)
      let again = try state.reader(for: everyMovie, table: movies.table)
      return (first === again, try again.readAll(Movie.self, binding: []).count)
    }
    #expect(sameReader)
    #expect(count == 5)
  }

  @Test func aReaderKeepsReadingAfterTheConnectionEvictedItsStatement() async throws {
    let stored = catalog(12)
    try await movies.insert(stored)
    #expect(try await movies.fetchAll() == stored)
    let (sameReader, statements) = try movies.store.read { state in
      let before = try state.reader(for: everyMovie, table: movies.table)
      // More statements than the connection keeps: the query's own is evicted from its cache.
      for number in 0...Connection.statementCacheCapacity {
        let statement = try state.connection.statement("SELECT \(number)")
        statement.reset()
      }
      let after = try state.reader(for: everyMovie, table: movies.table)
      return (before === after, state.connection.cachedStatementCount)
    }
    #expect(sameReader)
    #expect(statements <= Connection.statementCacheCapacity)
    #expect(try await movies.fetchAll() == stored)
    // The connection prepares the query anew for another use, beside the reader's.
    #expect(try await movies.fetchCount(FetchDescriptor()) == stored.count)
  }

  @Test func aFailedReadLeavesTheReaderReadyForTheNext() async throws {
    let stored = catalog(3)
    try await movies.insert(stored)
    let key = SQLValue(stored[1].id)
    let byID = #"SELECT * FROM "movies" WHERE "id" = ?"#
    // One value too many fails to bind; the same query then binds and reads as before.
    await #expect(throws: RepositoryError.self) { try await movies.fetch(sql: byID, [key, .integer(1)]) }
    #expect(try await movies.fetch(sql: byID, [key]) == [stored[1]])
    // A row that cannot be decoded stops the read on that row; the next read starts afresh.
    let columns = movies.table.columns.map {
      $0.name == "rate" ? #"CASE WHEN ? THEN 'x' ELSE "rate" END AS "rate""# : SQLIdentifier.quote($0.name)
    }
    let sometimesText = "SELECT \(columns.joined(separator: ", ")) FROM \"movies\" ORDER BY rowid"
    await #expect(throws: RepositoryError.self) { try await movies.fetch(sql: sometimesText, [.integer(1)]) }
    #expect(try await movies.fetch(sql: sometimesText, [.integer(0)]) == stored)
  }

  enum Shelf: String { case top, bottom }

  @Test func identifiersBindAsTheSameValuesAsAnyOtherValue() throws {
    let uuid = UUID()
    #expect(try SQLValue(identifier: uuid) == SQLValue(swiftValue: uuid))
    #expect(try SQLValue(identifier: 42) == .integer(42))
    #expect(try SQLValue(identifier: Int.min) == SQLValue(swiftValue: Int.min))
    // Text keys are compared as stored: in composed form.
    #expect(try SQLValue(identifier: "Ame\u{301}lie") == .text("Amélie"))
    #expect(try SQLValue(identifier: Int32(7)) == .integer(7))
    #expect(try SQLValue(identifier: Shelf.top) == .text("top"))
    #expect(try SQLValue(identifier: Optional<UUID>.none) == .null)
  }
}
