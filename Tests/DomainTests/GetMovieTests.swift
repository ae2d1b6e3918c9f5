import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct GetMovieTests {
  let movies: InMemoryRepository<Movie>
  let get: GetMovie<InMemoryRepository<Movie>>

  init() throws {
    movies = try InMemoryRepository(Movie.samples)
    get = GetMovie(movies: movies)
  }

  @Test func returnsTheMovieWithTheIdentifier() async throws {
    #expect(try await get(id: Movie.heat.id) == .heat)
  }

  @Test func unknownIdentifierThrowsMovieNotFound() async {
    let unknown = UUID(fixture: 200)
    await #expect(throws: CatalogError.movieNotFound(unknown)) { try await get(id: unknown) }
  }

  @Test func storageFailureIsThrown() async {
    movies.failNextRead(with: RepositoryError.unavailable("corrupt file"))

    await #expect(throws: RepositoryError.unavailable("corrupt file")) {
      try await get(id: Movie.heat.id)
    }
  }
}
