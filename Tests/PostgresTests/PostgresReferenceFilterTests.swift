import Catalog
import CatalogStorage
import Persistence
import Repositories
import TestSupport
import Testing

/// PostgreSQL keeps the movies links refer to in one query, as SQLite and Swift do.
@Suite(.needsPostgreSQL)
struct PostgresReferenceFilterTests {
  @Test func referencedMoviesAreKeptAsSwiftPicksThem() async throws {
    let store = try await PostgresStore(
      url: PostgresTestServer.makeSchema(), for: [Movie.self, MovieTag.self, Tagging.self], poolSize: 2)
    try await ReferenceFilterChecks(
      movies: PostgresRepository<Movie>(store: store), tags: PostgresRepository<MovieTag>(store: store),
      taggings: PostgresRepository<Tagging>(store: store)
    ).run()
  }
}
