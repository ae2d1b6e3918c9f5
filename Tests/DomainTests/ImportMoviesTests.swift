import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Rows handed out one at a time, as the app's file readers do.
private struct Rows: MovieImportSource {
  var remaining: [Result<MovieImportRow, ImportProblem>]
  var fatal: ImportProblem?

  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
    if remaining.isEmpty, let fatal { throw fatal }
    return remaining.isEmpty ? nil : remaining.removeFirst()
  }
}

private func row(_ line: Int, _ movie: Movie, tags: [String] = []) -> Result<MovieImportRow, ImportProblem> {
  .success(MovieImportRow(line: line, movie: movie, tags: tags))
}

private struct Cancelled: Error {}

@Suite struct ImportMoviesTests {
  let store = InMemoryStore()
  let movies: InMemoryRepository<Movie>
  let tags: InMemoryRepository<MovieTag>
  let taggings: InMemoryRepository<Tagging>

  init() {
    movies = InMemoryRepository(store: store, keys: MovieContractFixture.keys)
    tags = InMemoryRepository(store: store, keys: ModelKeys(id: \.id, unique: [UniqueKey(\.name)]))
    taggings = InMemoryRepository(store: store, keys: ModelKeys(id: \.id, unique: [UniqueKey(\.movieID, \.tagID)]))
  }

  private func importMovies(batchSize: Int = 1_000) -> ImportMovies<InMemoryStore> {
    ImportMovies(unitOfWork: store, batchSize: batchSize)
  }

  /// The names of a movie's tags, sorted.
  private func tagNames(_ id: UUID) async throws -> [String]? {
    try await MovieTags(tags: tags, taggings: taggings, unitOfWork: store).names(of: [id])[id]
  }

  @Test func validRowsAreStoredWithTheirTagsInBatches() async throws {
    var rows = Rows(remaining: (1...5).map { row($0 + 1, Movie(title: "Movie \($0)", date: .now), tags: ["a"]) })
    var reports: [ImportProgress] = []
    let done = try await importMovies(batchSize: 2)(from: &rows, progress: { reports.append($0) })
    #expect(done == ImportProgress(rowsRead: 5, rowsAdded: 5, invalidRows: 0))
    #expect(movies.storedModels.map(\.title) == ["Movie 1", "Movie 2", "Movie 3", "Movie 4", "Movie 5"])
    for movie in movies.storedModels { #expect(try await tagNames(movie.id) == ["a"]) }
    #expect(reports.map(\.rowsRead) == [2, 4, 5], "after each batch and at the end")
  }

  /// A movie may have at most a thousand tags; a row giving more is refused before its tags
  /// are read one by one.
  @Test func aRowWithMoreTagsThanAMovieMayHaveIsRefused() async throws {
    let many = (0...TagRules.maximumTagsPerMovie).map { "t\($0)" }
    var rows = Rows(remaining: [row(2, Movie(title: "Many", date: .now), tags: many)])
    var problems: [ImportProblem] = []
    await #expect(throws: CatalogError.invalidImport(invalidRows: 1)) {
      try await importMovies()(from: &rows, invalid: { problems.append($0) })
    }
    #expect(problems.map(\.description) == ["line 2, tags: a movie may have at most 1000 tags, not 1001"])
  }

  /// Rows of many tags are written in smaller batches, each followed by `progress`, so a
  /// cancellation is noticed after a bounded amount of work, not after a whole batch of rows.
  @Test func rowsOfManyTagsAreWrittenInSmallerBatches() async throws {
    let tagged = (0..<TagRules.maximumTagsPerMovie).map { "t\($0)" }
    var rows = Rows(remaining: (1...50).map { row($0 + 1, Movie(title: "Movie \($0)", date: .now), tags: tagged) })
    var reports: [Int] = []
    await #expect(throws: Cancelled.self) {
      try await importMovies()(
        from: &rows,
        progress: {
          reports.append($0.rowsRead)
          throw Cancelled()
        })
    }
    #expect(reports == [10], "after 10,000 tags")
    #expect(movies.storedModels.isEmpty, "nothing was stored")
  }

  @Test func titlesAreTrimmedAndTagsCheckedAndDeduplicated() async throws {
    var rows = Rows(remaining: [row(2, Movie(title: "  Alien ", date: .now), tags: [" horror", "horror ", "sci-fi"])])
    _ = try await importMovies()(from: &rows)
    let stored = try #require(movies.storedModels.first)
    #expect(stored.title == "Alien")
    #expect(try await tagNames(stored.id) == ["horror", "sci-fi"])
  }

  @Test func oneInvalidRowStoresNothingButEveryProblemIsReported() async throws {
    var rows = Rows(remaining: [
      row(2, Movie(title: "Alien", date: .now)),
      row(3, Movie(title: "Heat", date: .now, rate: 11)),
      .failure(ImportProblem(line: 4, field: "date", reason: "is required")),
      row(5, Movie(title: "Up", date: .now), tags: [""]),
      row(6, Movie(title: "Brazil", date: .now)),
    ])
    var problems: [ImportProblem] = []
    await #expect(throws: CatalogError.invalidImport(invalidRows: 3)) {
      try await importMovies(batchSize: 1)(from: &rows, invalid: { problems.append($0) })
    }
    #expect(problems.map(\.line) == [3, 4, 5])
    #expect(problems.map(\.field) == ["rate", "date", "tags"])
    #expect(problems[0].description == "line 3, rate: the rate must be between 0 and 10, not 11")
    #expect(movies.storedModels.isEmpty && tags.storedModels.isEmpty, "nothing was stored")
  }

  @Test func skippingInvalidRowsStoresTheRest() async throws {
    var rows = Rows(remaining: [
      row(2, Movie(title: "Alien", date: .now)), row(3, Movie(title: " ", date: .now)),
      row(4, Movie(title: "Heat", date: .now, heart: -1)), row(5, Movie(title: "Up", date: .now)),
    ])
    var problems: [String] = []
    let done = try await importMovies()(from: &rows, skipInvalid: true, invalid: { problems.append($0.field) })
    #expect(done == ImportProgress(rowsRead: 4, rowsAdded: 2, invalidRows: 2))
    #expect(problems == ["title", "heart"])
    #expect(movies.storedModels.map(\.title) == ["Alien", "Up"])
  }

  @Test func aCancelledImportStoresNothingEvenAfterBatchesWereWritten() async throws {
    var rows = Rows(remaining: (1...10).map { row($0, Movie(title: "Movie \($0)", date: .now)) })
    var calls = 0
    await #expect(throws: Cancelled.self) {
      try await importMovies(batchSize: 3)(
        from: &rows,
        progress: { _ in
          calls += 1
          if calls == 2 { throw Cancelled() }
        })
    }
    #expect(movies.storedModels.isEmpty)
  }

  @Test func anUnreadableSourceOrAFailingStoreStoresNothing() async throws {
    var broken = Rows(
      remaining: [row(2, Movie(title: "Alien", date: .now))],
      fatal: ImportProblem(line: 3, field: "file", reason: "a quoted field is never closed"))
    await #expect(throws: ImportProblem(line: 3, field: "file", reason: "a quoted field is never closed")) {
      try await importMovies(batchSize: 1)(from: &broken)
    }
    #expect(movies.storedModels.isEmpty)
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))
    var rows = Rows(remaining: [row(2, Movie(title: "Alien", date: .now))])
    await #expect(throws: RepositoryError.unavailable("disk full")) { try await importMovies()(from: &rows) }
    #expect(movies.storedModels.isEmpty)
  }

  @Test func importingTheSameRowsTwiceAddsNothing() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 0)
    for _ in 0..<2 {
      // Without an id, as a file without an id column: matched by title and date.
      var rows = Rows(remaining: [
        .success(MovieImportRow(line: 2, movie: Movie(title: "Alien", date: day), tags: ["horror"], fields: .values))
      ])
      _ = try await importMovies()(from: &rows)
    }
    #expect(movies.storedModels.count == 1)
    #expect(try await tagNames(movies.storedModels[0].id) == ["horror"])
  }

  @Test func aRowChangesOnlyTheFieldsItGivesUnlessReplacing() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 0)
    let stored = Movie(title: "Alien", content: "my notes", date: day, rate: 9, heart: 1, runtime: 120)
    var first = Rows(remaining: [row(2, stored, tags: ["classic"])])
    _ = try await importMovies()(from: &first)
    let partial = MovieImportRow(line: 2, movie: Movie(title: "Alien", date: day), tags: ["horror"], fields: [.tags])
    var rows = Rows(remaining: [.success(partial)])
    let done = try await importMovies()(from: &rows)
    #expect(done == ImportProgress(rowsRead: 1, rowsUpdated: 1))
    #expect(movies.storedModels == [stored])
    #expect(try await tagNames(stored.id) == ["horror"])
    var replacing = Rows(remaining: [.success(partial)])
    _ = try await importMovies()(from: &replacing, replacing: true)
    var defaults = Movie(id: stored.id, title: "Alien", date: day)
    defaults.images = stored.images
    #expect(movies.storedModels == [defaults], "the fields not given take their defaults")
  }

  @Test func aSecondRowForOneMovieIsRefusedNamingBothLines() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 0)
    let movie = Movie(title: "Alien", date: day)
    var again = movie
    again.title = "Alien (1979)"
    var otherID = movie
    otherID.id = UUID()
    var rows = Rows(remaining: [row(2, movie), row(3, again), row(4, otherID), row(5, Movie(title: "Up", date: day))])
    var problems: [ImportProblem] = []
    await #expect(throws: CatalogError.invalidImport(invalidRows: 2)) {
      try await importMovies()(from: &rows, invalid: { problems.append($0) })
    }
    #expect(
      problems.map(\.description) == [
        "line 3, row: line 2 already imports this movie", "line 4, row: line 2 already imports this movie",
      ])
    #expect(movies.storedModels.isEmpty)
    var skipping = Rows(remaining: [
      row(2, movie), row(3, again), row(4, otherID), row(5, Movie(title: "Up", date: day)),
    ])
    let done = try await importMovies()(from: &skipping, skipInvalid: true)
    #expect(done == ImportProgress(rowsRead: 4, rowsAdded: 2, invalidRows: 2))
    #expect(movies.storedModels.map(\.title) == ["Alien", "Up"])
  }

  @Test func aRowWhoseTitleAndDateBelongToAnotherStoredMovieIsRefusedWithItsLine() async throws {
    let day = Date(timeIntervalSinceReferenceDate: 0)
    let stored = Movie(title: "Alien", date: day, rate: 9)
    var first = Rows(remaining: [row(2, stored)])
    _ = try await importMovies()(from: &first)
    var rows = Rows(remaining: [
      row(2, Movie(title: "Up", date: day)), row(3, Movie(title: "Alien", date: day, rate: 1)),
    ])
    var problems: [ImportProblem] = []
    let done = try await importMovies()(from: &rows, skipInvalid: true, invalid: { problems.append($0) })
    #expect(done == ImportProgress(rowsRead: 2, rowsAdded: 1, invalidRows: 1))
    #expect(problems.map(\.line) == [3])
    #expect(problems.first?.reason.hasPrefix("another movie (\(stored.id.uuidString.lowercased()))") == true)
    #expect(movies.storedModels.first == stored)
  }
}
