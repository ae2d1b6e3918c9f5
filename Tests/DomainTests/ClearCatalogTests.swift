import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct ClearCatalogTests {
  @Test func deletesEveryMovieAndReturnsHowManyThereWere() async throws {
    let movies = try InMemoryRepository(Movie.samples + Movie.edgeCases)

    #expect(try await ClearCatalog(movies: movies)() == 15)
    #expect(movies.storedModels.isEmpty)
  }

  @Test func clearingAnEmptyCatalogReturnsZero() async throws {
    #expect(try await ClearCatalog(movies: InMemoryRepository<Movie>())() == 0)
  }

  @Test func storageFailureIsThrownAndNothingIsDeleted() async throws {
    let movies = try InMemoryRepository(Movie.samples)
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await ClearCatalog(movies: movies)()
    }
    #expect(movies.storedModels == Movie.samples)
  }
}
