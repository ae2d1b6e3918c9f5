import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct HeartMovieTests {
  let movies: InMemoryRepository<Movie>
  let heart: HeartMovie<InMemoryRepository<Movie>>

  init() throws {
    movies = try InMemoryRepository(Movie.samples + [.withMaximumHeart])
    heart = HeartMovie(movies: movies)
  }

  @Test func addsOneHeartAndChangesNothingElse() async throws {
    let hearted = try await heart(id: Movie.alien.id)

    var expected = Movie.alien
    expected.heart = 4
    #expect(hearted == expected)
    #expect(try await movies.fetch(id: Movie.alien.id) == expected)
  }

  @Test func heartsAddUp() async throws {
    for _ in 1...3 {
      _ = try await heart(id: Movie.up.id)
    }

    #expect(try await movies.fetch(id: Movie.up.id)?.heart == 3)
  }

  @Test func heartAtTheMaximumCountIsRejectedAndNothingChanges() async {
    await #expect(throws: CatalogError.heartCountFull(Movie.withMaximumHeart.id)) {
      try await heart(id: Movie.withMaximumHeart.id)
    }
    #expect(movies.storedModels.last == .withMaximumHeart)
  }

  @Test func unknownIdentifierThrowsMovieNotFound() async {
    let unknown = UUID(fixture: 200)

    await #expect(throws: CatalogError.movieNotFound(unknown)) { try await heart(id: unknown) }
  }

  @Test func movieDeletedBetweenReadAndWriteThrowsMovieNotFound() async {
    movies.failNextWrite(with: RepositoryError.notFound(id: String(describing: Movie.alien.id)))

    await #expect(throws: CatalogError.movieNotFound(Movie.alien.id)) {
      try await heart(id: Movie.alien.id)
    }
  }

  @Test func storageFailureIsThrownAndNothingChanges() async throws {
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await heart(id: Movie.alien.id)
    }
    #expect(try await movies.fetch(id: Movie.alien.id)?.heart == Movie.alien.heart)
  }
}
