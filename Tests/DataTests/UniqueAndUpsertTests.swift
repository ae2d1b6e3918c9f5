import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite("Unique attributes and upsert")
struct UniqueAndUpsertTests {
  let folder: TemporaryDirectory
  let movies: SQLiteRepository<Movie>
  let day = Date(timeIntervalSinceReferenceDate: 86_400)

  init() throws {
    folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    movies = try SQLiteRepository<Movie>(container: container)
  }

  @Test func insertingADuplicateTitleAndDateFailsNamingTheConstraint() async throws {
    try await movies.insert(Movie(title: "Alien", date: day, rate: 9))
    await #expect(
      throws: RepositoryError.constraintViolation("UNIQUE constraint failed: movies.title, movies.date (Movie)")
    ) {
      try await movies.insert(Movie(title: "Alien", date: day, rate: 1))
    }
    #expect(try await movies.fetchAll().map(\.rate) == [9])
  }

  @Test func upsertByTheUniqueKeyUpdatesTheStoredMovieAndKeepsItsId() async throws {
    let stored = Movie(title: "Alien", date: day, rate: 9)
    try await movies.insert(stored)
    try await movies.upsert(Movie(title: "Alien", content: "Again", date: day, rate: 7))
    let all = try await movies.fetchAll()
    #expect(all.count == 1)
    #expect(all.first?.id == stored.id)
    #expect(all.first?.rate == 7)
    #expect(all.first?.content == "Again")
  }

  @Test func anUpsertThatWouldBreakAUniqueRuleChangesNothing() async throws {
    let alien = Movie(title: "Alien", date: day)
    let heat = Movie(title: "Heat", date: day)
    try await movies.insert([alien, heat])
    var renamed = heat
    renamed.title = "Alien"
    await #expect(throws: RepositoryError.self) { try await movies.upsert([Movie(title: "Up", date: day), renamed]) }
    #expect(try await movies.fetchAll() == [alien, heat])
  }
}
