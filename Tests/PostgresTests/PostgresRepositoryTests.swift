import Catalog
import CatalogStorage
import Foundation
import Persistence
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
    await #expect(throws: RepositoryError.self) { try await movies.insert(batch) }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 1)
  }

  @Test func aStoreThatCannotBeReachedSaysSoWithoutThePassword() async throws {
    let error = await #expect(throws: PersistenceError.self) {
      _ = try await PostgresStore(url: "postgres://someone:secret@127.0.0.1:1/none", for: [Movie.self])
    }
    #expect(!"\(error.map { "\($0)" } ?? "")".contains("secret"))
  }
}
