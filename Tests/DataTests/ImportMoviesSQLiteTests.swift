import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

private struct Stop: Error {}

/// The rows of a test, handed out one at a time.
private struct Rows: MovieImportSource {
  var rows: [MovieImportRow]
  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
    rows.isEmpty ? nil : .success(rows.removeFirst())
  }
}

@Suite("Imports into a SQLite catalog, in one transaction")
struct ImportMoviesSQLiteTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let unitOfWork: SQLiteUnitOfWork
  let movies: SQLiteRepository<Movie>
  let tags: SQLiteRepository<MovieTag>
  let movieTags: MovieTags<SQLiteRepository<MovieTag>, SQLiteRepository<Tagging>, SQLiteUnitOfWork>

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, MovieTag.self, Tagging.self,
      configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    unitOfWork = try SQLiteUnitOfWork(container: container)
    movies = try SQLiteRepository(container: container)
    tags = try SQLiteRepository(container: container)
    movieTags = MovieTags(
      tags: tags, taggings: try SQLiteRepository(container: container),
      unitOfWork: unitOfWork)
  }

  /// Imports rows, skipping the refused ones, in batches of `batchSize`; what the import did and
  /// each refused row's line and reason.
  @discardableResult
  private func importing(
    _ rows: [MovieImportRow], batchSize: Int = 1_000
  ) async throws -> (
    done: ImportProgress, problems: [String]
  ) {
    var source = Rows(rows: rows)
    var problems: [String] = []
    let done = try await ImportMovies(unitOfWork: unitOfWork, batchSize: batchSize)(
      from: &source, skipInvalid: true, invalid: { problems.append("\($0.line): \($0.reason)") })
    return (done, problems)
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

  private func row(
    _ line: Int, _ movie: Movie, tags: [String] = [], fields: MovieImportRow.Fields = .all
  ) -> MovieImportRow {
    MovieImportRow(line: line, movie: movie, tags: tags, fields: fields)
  }

  @Test func aMovieMatchedByTitleAndDateKeepsItsIdAndItsImages() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 86_400)
    let stored = Movie(title: "Alien", content: "old", images: [Data([1, 2, 3])], date: day, rate: 5)
    try await movies.insert(stored)
    let incoming = Movie(title: "Alien", content: "new", date: day, rate: 9)
    let (done, _) = try await importing([row(2, incoming, fields: .values), row(3, .heat)])
    #expect(done == ImportProgress(rowsRead: 2, rowsAdded: 1, rowsUpdated: 1))
    #expect(try await movies.fetch(id: Movie.heat.id) == .heat)
    let updated = try #require(await movies.fetch(id: stored.id))
    #expect(updated.content == "new")
    #expect(updated.rate == 9)
    #expect(updated.images == [Data([1, 2, 3])], "an import file carries no images, so they are kept")
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
  }

  @Test func anUpdateSetsOnlyTheFieldsTheRowGives() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 86_400)
    let stored = Movie(title: "Alien", content: "my notes", date: day, rate: 9, heart: 1, runtime: 120)
    try await movies.insert(stored)
    try await movieTags.add(["classic"], to: stored.id)
    let (done, _) = try await importing([row(2, Movie(title: "Alien", date: day), fields: [])])
    #expect(done == ImportProgress(rowsRead: 1, rowsUnchanged: 1))
    #expect(try await movies.fetch(id: stored.id) == stored)
    #expect(try await movieTags.names(of: [stored.id])[stored.id] == ["classic"], "tags not given are kept")
    try await importing([row(2, Movie(title: "Alien", date: day, runtime: nil), fields: [.runtime, .rate])])
    var expected = stored
    (expected.runtime, expected.rate) = (nil, 0)
    #expect(try await movies.fetch(id: stored.id) == expected, "given as nothing, the running time is cleared")
  }

  @Test func givenTagsBecomeTheMoviesOnlyTags() async throws {
    try await movies.insert([.alien, .heat])
    try await movieTags.add(["classic", "old"], to: Movie.alien.id)
    try await movieTags.add(["classic"], to: Movie.heat.id)
    let (done, _) = try await importing([row(2, .alien, tags: ["horror", "classic"]), row(3, .heat, tags: [])])
    #expect(done.rowsUpdated == 2, "only their tags changed")
    #expect(try await tags.fetchAll().map(\.name).sorted() == ["classic", "horror", "old"])
    let names = try await movieTags.names(of: [Movie.alien.id, Movie.heat.id])
    #expect(names[Movie.alien.id] == ["classic", "horror"])
    #expect(names[Movie.heat.id] == nil)
  }

  @Test func aSecondRowForOneMovieIsADuplicateOfTheFirst() async throws {
    try await movies.insert(Movie.alien)
    var other = Movie.heat
    other.id = UUID()
    var retitled = Movie.heat
    retitled.title = "Heat (1995)"
    let (done, problems) = try await importing(
      [
        row(2, .heat), row(3, retitled),  // the same id
        row(4, other),  // another id, the same title and date as line 2
        row(5, .alien, fields: .values), row(6, .alien),  // matched by title and date, then by id
        row(7, Movie(title: "Up", date: Movie.alien.date), fields: .values),
        row(8, Movie(title: "Up", date: Movie.alien.date), fields: .values),  // no id, title and date twice
      ], batchSize: 3)
    #expect(done == ImportProgress(rowsRead: 7, rowsAdded: 2, rowsUnchanged: 1, invalidRows: 4))
    let repeats = [3: 2, 4: 2, 6: 5, 8: 7].sorted { $0.key < $1.key }
    #expect(problems == repeats.map { "\($0.key): line \($0.value) already imports this movie" })
    #expect(try await movies.fetch(id: Movie.heat.id)?.title == Movie.heat.title, "the later rows wrote nothing")
    #expect(try await movies.fetchCount(FetchDescriptor()) == 3)
  }

  @Test func aRowWhoseTitleAndDateBelongToAnotherStoredMovieIsAConflict() async throws {
    try await movies.insert([.alien, .heat])
    var newID = Movie.alien
    newID.id = UUID()
    var renamed = Movie.heat
    (renamed.title, renamed.date) = (Movie.alien.title, Movie.alien.date)
    let (done, problems) = try await importing([row(2, newID), row(3, renamed), row(4, newID)])
    #expect(done == ImportProgress(rowsRead: 3, invalidRows: 3))
    let reason =
      "another movie (\(Movie.alien.id.uuidString.lowercased())) has this title and date; "
      + "a title and date belong to one movie"
    #expect(problems == (2...4).map { "\($0): \(reason)" })
    #expect(try await movies.fetch(id: Movie.heat.id) == .heat)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
  }

  @Test func anImportIntoAnEmptyStoreEndsWithEveryIndex() async throws {
    let before = try indexNames
    #expect(before.contains("movies_date_title_id") && before.contains("movie_tags_tagID"))
    try await importing(Movie.samples.enumerated().map { row($0.offset + 2, $0.element, tags: ["a"]) })
    #expect(try indexNames == before)
  }

  @Test func aFailedImportLeavesTheStoreAsItWasIndexesIncluded() async throws {
    let before = try indexNames
    var rows = Rows(rows: Movie.samples.enumerated().map { row($0.offset + 2, $0.element, tags: ["a", "b"]) })
    await #expect(throws: Stop.self) {
      try await ImportMovies(unitOfWork: unitOfWork, batchSize: 2)(from: &rows, progress: { _ in throw Stop() })
    }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 0)
    #expect(try await tags.fetchCount(FetchDescriptor()) == 0)
    #expect(try indexNames == before)
    // The lines of the failed import are forgotten with it.
    let (done, _) = try await importing([row(2, Movie.samples[0])])
    #expect(done.rowsAdded == 1)
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
    let done = try await ImportMovies(unitOfWork: unitOfWork, batchSize: 1)(from: &rows)
    #expect(done.rowsWritten == 2)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
  }
}
