import Domain
import Foundation
import TestSupport
import Testing

@testable import Persistence

private struct Stop: Error {}

@Suite("Imports into a SQLite catalog, in one transaction")
struct MovieImporterTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let importer: SQLiteMovieImporter
  let movies: SQLiteRepository<Movie>
  let tags: SQLiteRepository<MovieTag>
  let movieTags: MovieTags<SQLiteRepository<MovieTag>, SQLiteRepository<Tagging>, SQLiteRepository<Movie>>

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, MovieTag.self, Tagging.self,
      configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    importer = try SQLiteMovieImporter(container: container)
    movies = try SQLiteRepository(container: container)
    tags = try SQLiteRepository(container: container)
    movieTags = MovieTags(tags: tags, taggings: try SQLiteRepository(container: container), movies: movies)
  }

  private var indexNames: [String] {
    get throws {
      let connection = try Connection(location: .file(folder.file("catalog.store").path), readOnly: true)
      let statement = try connection.statement("SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name")
      defer { statement.reset() }
      var names: [String] = []
      while try statement.step() { names.append(statement.text(at: 0)) }
      return names
    }
  }

  @Test func aMovieMatchedByTitleAndDateKeepsItsIdAndItsImages() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 86_400)
    let stored = Movie(title: "Alien", content: "old", images: [Data([1, 2, 3])], date: day, rate: 5)
    try await movies.insert(stored)
    let incoming = Movie(title: "Alien", content: "new", date: day, rate: 9)
    let ids = try importer.withImportTransaction { writer in try writer.upsert([incoming, Movie.heat]) }
    #expect(ids == [stored.id, Movie.heat.id])
    let updated = try #require(await movies.fetch(id: stored.id))
    #expect(updated.content == "new")
    #expect(updated.rate == 9)
    #expect(updated.images == [Data([1, 2, 3])], "an import file carries no images, so they are kept")
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
  }

  @Test func tagsAreCreatedOnceAndAMovieHasEachOnce() async throws {
    try await movies.insert([.alien, .heat])
    try await movieTags.add(["classic"], to: Movie.heat.id)
    try importer.withImportTransaction { writer in
      try writer.addTags(["horror", "classic"], to: Movie.alien.id)
      try writer.addTags(["classic", "horror"], to: Movie.alien.id)
      try writer.addTags(["classic"], to: Movie.heat.id)
    }
    #expect(try await tags.fetchAll().map(\.name).sorted() == ["classic", "horror"])
    let names = try await movieTags.names(of: [Movie.alien.id, Movie.heat.id])
    #expect(names[Movie.alien.id]?.sorted() == ["classic", "horror"])
    #expect(names[Movie.heat.id] == ["classic"])
  }

  @Test func anImportIntoAnEmptyStoreEndsWithEveryIndex() throws {
    let before = try indexNames
    #expect(before.contains("movies_date") && before.contains("movie_tags_tagID"))
    try importer.withImportTransaction { writer in
      let ids = try writer.upsert(Movie.samples)
      try writer.addTags(["a"], to: ids[0])
    }
    #expect(try indexNames == before)
  }

  @Test func aFailedImportLeavesTheStoreAsItWasIndexesIncluded() async throws {
    let before = try indexNames
    #expect(throws: Stop.self) {
      try importer.withImportTransaction { writer in
        let ids = try writer.upsert(Movie.samples)
        try writer.addTags(["a", "b"], to: ids[0])
        throw Stop()
      }
    }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 0)
    #expect(try await tags.fetchCount(FetchDescriptor()) == 0)
    #expect(try indexNames == before)
  }

  @Test func tagsForAMovieThatIsNotStoredFailTheWholeImport() async throws {
    #expect(throws: RepositoryError.self) {
      try importer.withImportTransaction { writer in
        _ = try writer.upsert([.alien])
        try writer.addTags(["horror"], to: UUID())
      }
    }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func theUseCaseRunsOverTheStore() async throws {
    struct Two: MovieImportSource {
      var left = 2
      mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
        defer { left -= 1 }
        return left > 0 ? .success(MovieImportRow(line: left, movie: Movie(title: "Movie \(left)", date: .now))) : nil
      }
    }
    var rows = Two()
    let done = try ImportMovies(store: importer, batchSize: 1)(from: &rows)
    #expect(done.rowsWritten == 2)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
  }
}
