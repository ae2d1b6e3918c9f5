import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import Testing

@Suite("Movies and tags, many to many through a join table")
struct ManyToManyTests {
  let movies: SQLiteRepository<Movie>
  let tags: SQLiteRepository<MovieTag>
  let taggings: SQLiteRepository<Tagging>
  let movieTags: MovieTags<SQLiteRepository<MovieTag>, SQLiteRepository<Tagging>, SQLiteUnitOfWork>

  let container: ModelContainer

  init() throws {
    container = try ModelContainer(
      for: Movie.self, MovieTag.self, Tagging.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    movies = try SQLiteRepository(container: container)
    tags = try SQLiteRepository(container: container)
    taggings = try SQLiteRepository(container: container)
    movieTags = MovieTags(tags: tags, taggings: taggings, unitOfWork: try SQLiteUnitOfWork(container: container))
  }

  @Test func deletingAMovieOrATagRemovesTheirTaggings() async throws {
    let alien = Movie(title: "Alien", date: .now)
    let heat = Movie(title: "Heat", date: .now)
    try await movies.insert([alien, heat])
    try await movieTags.add(["horror", "classic"], to: alien.id)
    try await movieTags.add(["classic"], to: heat.id)
    try await movies.delete(alien)
    #expect(try await taggings.fetchCount(FetchDescriptor()) == 1)
    try await tags.delete(where: #Predicate { $0.name == "classic" })
    #expect(try await taggings.fetchCount(FetchDescriptor()) == 0)
    #expect(try await tags.fetchAll().map(\.name) == ["horror"])
  }

  @Test func aMovieHasATagAtMostOnceAndTagNamesAreUnique() async throws {
    let alien = Movie(title: "Alien", date: .now)
    try await movies.insert(alien)
    try await movieTags.add(["horror"], to: alien.id)
    let tag = try #require(try await tags.fetchAll().first)
    await #expect(throws: RepositoryError.self) { try await taggings.insert(Tagging(movieID: alien.id, tagID: tag.id)) }
    await #expect(throws: RepositoryError.self) { try await tags.insert(MovieTag(name: "horror")) }
  }

  @Test func taggingAMovieIsOneTransactionInTheHistory() async throws {
    let alien = Movie(title: "Alien", date: .now)
    try await movies.insert(alien)
    let before = try container.fetchHistory().count
    try await movieTags.add(["horror", "classic"], to: alien.id)
    let history = try container.fetchHistory()
    #expect(history.count == before + 1, "new tags and their links commit together")
    #expect(history.last?.models == ["MovieTag", "Tagging"])
  }
}
