import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct MovieTagsTests {
  let store = InMemoryStore()
  let movies: InMemoryRepository<Movie>
  let tags: InMemoryRepository<MovieTag>
  let taggings: InMemoryRepository<Tagging>
  let movieTags: MovieTags<InMemoryRepository<MovieTag>, InMemoryRepository<Tagging>, InMemoryStore>

  init() throws {
    movies = try InMemoryRepository([.alien, .heat], store: store)
    // The unique keys the stores declare, which a tag's upsert finds the stored tag by.
    tags = InMemoryRepository(store: store, keys: ModelKeys(id: \.id, unique: [UniqueKey(\.name)]))
    taggings = InMemoryRepository(store: store, keys: ModelKeys(id: \.id, unique: [UniqueKey(\.movieID, \.tagID)]))
    movieTags = MovieTags(tags: tags, taggings: taggings, unitOfWork: store)
  }

  @Test func aFailedLinkLeavesNoNewTagBehind() async throws {
    try await movieTags.add(["horror"], to: Movie.alien.id)
    taggings.failNextWrite(with: RepositoryError.unavailable("disk full"))
    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await movieTags.add(["sci-fi", "horror"], to: Movie.heat.id)
    }
    #expect(try await tags.fetchAll().map(\.name) == ["horror"])
    #expect(try await taggings.fetchAll().count == 1)
    try await movieTags.add(["sci-fi", "horror"], to: Movie.heat.id)
    #expect(try await movieTags.names(of: [Movie.heat.id]) == [Movie.heat.id: ["horror", "sci-fi"]])
  }

  @Test func tagsAreCreatedOnceAndSharedByMovies() async throws {
    try await movieTags.add(["horror", " sci-fi ", "horror"], to: Movie.alien.id)
    try await movieTags.add(["horror"], to: Movie.heat.id)
    try await movieTags.add(["horror"], to: Movie.heat.id)
    #expect(try await tags.fetchAll().map(\.name).sorted() == ["horror", "sci-fi"])
    #expect(try await taggings.fetchAll().count == 3)
    let names = try await movieTags.names(of: [Movie.alien.id, Movie.heat.id])
    #expect(names == [Movie.alien.id: ["horror", "sci-fi"], Movie.heat.id: ["horror"]])
    let horror = try #require(try await movieTags.tagID(named: "horror"))
    #expect(
      Set(try await ListMovies(movies: movies)(MovieQuery(tagID: horror)).map(\.id)) == [Movie.alien.id, Movie.heat.id])
  }

  @Test func removingATagLeavesTheOthers() async throws {
    try await movieTags.add(["horror", "sci-fi"], to: Movie.alien.id)
    try await movieTags.remove(["horror", "unknown"], from: Movie.alien.id)
    #expect(try await movieTags.names(of: [Movie.alien.id]) == [Movie.alien.id: ["sci-fi"]])
  }

  @Test func anUnknownMovieOrAnEmptyNameIsRefused() async throws {
    let unknown = UUID()
    await #expect(throws: CatalogError.movieNotFound(unknown)) { try await movieTags.add(["x"], to: unknown) }
    await #expect(throws: CatalogError.invalidTag("a tag name must not be empty")) {
      try await movieTags.add([" "], to: Movie.alien.id)
    }
    #expect(try await tags.fetchAll().isEmpty)
  }

  @Test func listingByTagKeepsOnlyTaggedMovies() async throws {
    try await movieTags.add(["crime"], to: Movie.heat.id)
    let crime = try #require(try await movieTags.tagID(named: "crime"))
    #expect(try await ListMovies(movies: movies)(MovieQuery(tagID: crime)) == [.heat])
    #expect(try await ListMovies(movies: movies)(MovieQuery(tagID: UUID())) == [])
    #expect(try await movieTags.tagID(named: "drama") == nil)
  }
}
