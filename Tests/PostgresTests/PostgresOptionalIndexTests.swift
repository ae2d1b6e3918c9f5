import Foundation
import Persistence
import PostgresCore
import Repositories
import Testing

/// An index on an optional attribute serves sorts on it in both directions, with `NULL` where
/// the engine puts it (first in ascending order, last in descending), and the rows come in
/// Swift's order.
@Suite(.needsPostgreSQL)
struct PostgresOptionalIndexTests {
  struct Screening: Codable, Sendable, Hashable, Identifiable, PersistentModel {
    static let entity = Entity<Screening>(table: "screenings", indexes: [Entity.Index(\.seats)])
    var id: Int
    var seats: Int?
  }

  static let screenings = (0..<2_000).map { id in
    Screening(id: id, seats: id.isMultiple(of: 5) ? nil : (id * 7_919) % 1_000)
  }

  @Test(arguments: [SortOrder.forward, .reverse])
  func aSortOnAnOptionalIndexedAttributeReadsItsIndex(_ order: SortOrder) async throws {
    let store = try await PostgresStore(
      url: PostgresTestServer.makeSchema(), for: [Screening.self], poolSize: 1)
    let repository = try PostgresRepository<Screening>(store: store)
    try await repository.insert(Self.screenings)
    let sortBy = [SortDescriptor(\Screening.seats, order: order), SortDescriptor(\Screening.id)]
    let expected = Self.screenings.sorted(using: sortBy)
    let fetched = try await repository.fetch(FetchDescriptor(sortBy: sortBy))
    #expect(fetched.map(\.id) == expected.map(\.id), "NULL first ascending, last descending, as in Swift")

    let direction = order == .forward ? "ASC NULLS FIRST" : "DESC NULLS LAST"
    let plan = try await store.pool.withConnection { connection in
      try connection.execute("ANALYZE screenings")
      try connection.execute("SET enable_sort = off")
      let result = try connection.query(
        "EXPLAIN SELECT id FROM screenings ORDER BY seats \(direction) LIMIT 20")
      return (0..<result.count).compactMap { result.text(row: $0, column: 0) }.joined(separator: "\n")
    }
    #expect(plan.contains("Index Scan"), "the index serves the sort: \(plan)")
    #expect(!plan.contains("Sort"), "no sort step: \(plan)")
  }
}
