import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct DeleteMoviesTests {
  let movies: InMemoryRepository<Movie>
  let delete: DeleteMovies<InMemoryRepository<Movie>>

  init() throws {
    movies = try InMemoryRepository(Movie.samples)
    delete = DeleteMovies(movies: movies)
  }

  @Test func deletesEveryListedMovie() async throws {
    try await delete(ids: [Movie.up.id, Movie.alien.id])

    #expect(movies.storedModels == [.heat, .amelie, .spiritedAway, .brazil])
  }

  @Test func emptyListDeletesNothing() async throws {
    try await delete(ids: [])

    #expect(movies.storedModels == Movie.samples)
  }

  @Test func unknownIdentifierThrowsMovieNotFoundAndDeletesNothing() async {
    let unknown = UUID(fixture: 200)

    await #expect(throws: CatalogError.movieNotFound(unknown)) {
      try await delete(ids: [Movie.alien.id, unknown, Movie.heat.id])
    }
    #expect(movies.storedModels == Movie.samples)
  }

  @Test func firstUnknownIdentifierIsTheOneReported() async {
    let first = UUID(fixture: 200)
    let second = UUID(fixture: 201)

    await #expect(throws: CatalogError.movieNotFound(first)) {
      try await delete(ids: [first, Movie.alien.id, second])
    }
  }

  @Test func notFoundForAnIdentifierNotAskedForIsThrownAsIs() async {
    movies.failNextWrite(with: RepositoryError.notFound(id: "someone else's"))

    await #expect(throws: RepositoryError.notFound(id: "someone else's")) {
      try await delete(ids: [Movie.alien.id])
    }
  }

  @Test func storageFailureIsThrownAndNothingIsDeleted() async {
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await delete(ids: [Movie.alien.id])
    }
    #expect(movies.storedModels == Movie.samples)
  }
}
