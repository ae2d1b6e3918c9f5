import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct RateMovieTests {
  let movies: InMemoryRepository<Movie>
  let rate: RateMovie<InMemoryRepository<Movie>>

  init() throws {
    movies = try InMemoryRepository(Movie.samples)
    rate = RateMovie(movies: movies)
  }

  @Test(arguments: [0, 5, 10])
  func setsTheRatingAndNothingElse(newRate: Int) async throws {
    let rated = try await rate(id: Movie.heat.id, rate: newRate)

    var expected = Movie.heat
    expected.rate = newRate
    #expect(rated == expected)
    #expect(try await movies.fetch(id: Movie.heat.id) == expected)
  }

  @Test(arguments: [-1, 11, Int.max])
  func ratingOutsideZeroToTenIsRejectedAndNothingChanges(newRate: Int) async {
    await #expect(throws: CatalogError.rateOutOfRange(newRate)) {
      try await rate(id: Movie.heat.id, rate: newRate)
    }
    #expect(movies.storedModels == Movie.samples)
  }

  @Test func ratingIsCheckedBeforeTheMovieIsLookedUp() async {
    await #expect(throws: CatalogError.rateOutOfRange(11)) {
      try await rate(id: UUID(fixture: 200), rate: 11)
    }
  }

  @Test func unknownIdentifierThrowsMovieNotFound() async {
    let unknown = UUID(fixture: 200)

    await #expect(throws: CatalogError.movieNotFound(unknown)) {
      try await rate(id: unknown, rate: 5)
    }
  }

  @Test func storageFailureIsThrownAndNothingChanges() async {
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await rate(id: Movie.heat.id, rate: 1)
    }
    #expect(movies.storedModels == Movie.samples)
  }
}
