import Catalog
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// The in-memory store keeps the movies links refer to as SQL's semi-join does.
@Suite struct InMemoryReferenceFilterTests {
  @Test func referencedMoviesAreKeptAsSwiftPicksThem() async throws {
    let store = InMemoryStore()
    try await ReferenceFilterChecks(
      movies: InMemoryRepository<Movie>(store: store), tags: InMemoryRepository<MovieTag>(store: store),
      taggings: InMemoryRepository<Tagging>(store: store)
    ).run()
  }
}
