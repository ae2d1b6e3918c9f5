import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct UpdateMovieTests {
  let movies: InMemoryRepository<Movie>
  let update: UpdateMovie<InMemoryRepository<Movie>>

  init() throws {
    movies = try InMemoryRepository(Movie.samples)
    update = UpdateMovie(movies: movies)
  }

  @Test func changesOnlyTheGivenFields() async throws {
    let updated = try await update(id: Movie.alien.id, MovieChanges(title: "Aliens", rate: 10))

    var expected = Movie.alien
    expected.title = "Aliens"
    expected.rate = 10
    #expect(updated == expected)
    #expect(movies.storedModels == [expected] + Movie.samples.dropFirst())
  }

  @Test func changesEveryField() async throws {
    let changes = MovieChanges(
      title: "Aliens",
      content: "This time it's war.",
      images: [Data(), Data([7])],
      date: Date(timeIntervalSince1970: 522_892_800),
      rate: 8,
      heart: 40
    )

    let updated = try await update(id: Movie.alien.id, changes)

    let expected = Movie(
      id: Movie.alien.id,
      title: "Aliens",
      content: "This time it's war.",
      images: [Data(), Data([7])],
      date: Date(timeIntervalSince1970: 522_892_800),
      rate: 8,
      heart: 40
    )
    #expect(updated == expected)
    #expect(try await movies.fetch(id: Movie.alien.id) == expected)
  }

  @Test func noChangesLeaveTheMovieAsItWas() async throws {
    #expect(MovieChanges().isEmpty)
    #expect(try await update(id: Movie.heat.id, MovieChanges()) == .heat)
    #expect(movies.storedModels == Movie.samples)
  }

  @Test func newTitleIsTrimmed() async throws {
    let updated = try await update(id: Movie.heat.id, MovieChanges(title: "  Heat (1995)\n"))

    #expect(updated.title == "Heat (1995)")
    #expect(try await movies.fetch(id: Movie.heat.id)?.title == "Heat (1995)")
  }

  @Test(arguments: [
    (MovieChanges(title: ""), CatalogError.emptyTitle),
    (MovieChanges(title: " \n "), .emptyTitle),
    (MovieChanges(title: String(repeating: "a", count: 201)), .titleTooLong(length: 201)),
    (MovieChanges(rate: -1), .rateOutOfRange(-1)),
    (MovieChanges(rate: 11), .rateOutOfRange(11)),
    (MovieChanges(heart: -1), .invalidHeartCount(-1)),
    (MovieChanges(title: "Fine", rate: 11), .rateOutOfRange(11)),
  ])
  func invalidChangesAreRejectedAndNothingChanges(
    changes: MovieChanges,
    error: CatalogError
  ) async {
    await #expect(throws: error) { try await update(id: Movie.heat.id, changes) }
    #expect(movies.storedModels == Movie.samples)
  }

  @Test func unknownIdentifierThrowsMovieNotFound() async {
    let unknown = UUID(fixture: 200)

    await #expect(throws: CatalogError.movieNotFound(unknown)) {
      try await update(id: unknown, MovieChanges(title: "Nothing"))
    }
    #expect(movies.storedModels == Movie.samples)
  }

  @Test func movieDeletedBetweenReadAndWriteThrowsMovieNotFound() async {
    // Given the movie disappears after the use case read it.
    movies.failNextWrite(with: RepositoryError.notFound(id: String(describing: Movie.heat.id)))

    await #expect(throws: CatalogError.movieNotFound(Movie.heat.id)) {
      try await update(id: Movie.heat.id, MovieChanges(rate: 1))
    }
  }

  @Test func storageFailureIsThrownAndNothingChanges() async {
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await update(id: Movie.heat.id, MovieChanges(rate: 1))
    }
    #expect(movies.storedModels == Movie.samples)
  }
}
