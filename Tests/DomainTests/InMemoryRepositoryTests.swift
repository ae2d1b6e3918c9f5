import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// What the test double does beyond the repository contract: seeding, inspection, failures.
@Suite struct InMemoryRepositoryTests {
  @Test func seededModelsAreStoredInTheirOrder() throws {
    let movies = try InMemoryRepository([Movie.up, .alien, .heat])

    #expect(movies.storedModels == [.up, .alien, .heat])
  }

  @Test func seedingTwoModelsWithOneIdentifierThrowsAConstraintViolation() {
    #expect(throws: RepositoryError.self) { try InMemoryRepository([Movie.alien, .alien]) }
  }

  @Test func updateKeepsTheModelsInsertionPosition() async throws {
    let movies = try InMemoryRepository([Movie.alien, .heat, .up])
    var renamed = Movie.alien
    renamed.title = "Aliens"

    try await movies.update(renamed)

    #expect(movies.storedModels == [renamed, .heat, .up])
  }

  @Test func injectedWriteFailureFailsOneWriteAndChangesNothing() async throws {
    let movies = InMemoryRepository<Movie>()
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await movies.insert(.alien)
    }
    #expect(movies.storedModels.isEmpty)

    try await movies.insert(.alien)
    #expect(movies.storedModels == [.alien])
  }

  @Test func injectedWriteFailureLeavesReadsAlone() async throws {
    let movies = try InMemoryRepository([Movie.alien])
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    #expect(try await movies.fetch(id: Movie.alien.id) == .alien)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 1)
    await #expect(throws: RepositoryError.unavailable("disk full")) { try await movies.deleteAll() }
  }

  @Test func injectedReadFailureFailsOneReadAndLeavesWritesAlone() async throws {
    let movies = try InMemoryRepository([Movie.alien])
    movies.failNextRead(with: RepositoryError.unavailable("corrupt file"))

    try await movies.insert(.heat)
    await #expect(throws: RepositoryError.unavailable("corrupt file")) {
      try await movies.fetch(FetchDescriptor())
    }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
  }

  @Test func anyErrorCanBeInjected() async {
    struct DiskOnFire: Error, Equatable {}
    let movies = InMemoryRepository<Movie>()
    movies.failNextWrite(with: DiskOnFire())

    await #expect(throws: DiskOnFire()) { try await movies.insert(.alien) }
  }

  @Test func negativeLimitMeansNoLimitAndNegativeOffsetMeansNone() async throws {
    // As in SQLite: https://sqlite.org/lang_select.html#limitoffset
    let movies = try InMemoryRepository(Movie.samples)
    let descriptor = FetchDescriptor<Movie>(
      sortBy: [SortDescriptor(\.id)],
      fetchLimit: -1,
      fetchOffset: -3
    )

    #expect(try await movies.fetch(descriptor) == Movie.samples)
    #expect(try await movies.fetchCount(descriptor) == Movie.samples.count)
  }

  @Test func predicateThatFailsToEvaluateThrowsUnsupportedQuery() async throws {
    let movies = try InMemoryRepository([Movie.up])
    let descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.images.first!.isEmpty })

    let error = await #expect(throws: RepositoryError.self) { try await movies.fetch(descriptor) }
    guard case .unsupportedQuery? = error else {
      Issue.record("expected an unsupported query, got \(String(describing: error))")
      return
    }
  }

  @Test func aUniqueKeyWithANilValueConflictsWithNothingAsInSQLite() async throws {
    let movies = InMemoryRepository<Movie>(keys: ModelKeys(id: \.id, unique: [UniqueKey(\.runtime)]))
    let date = Date(timeIntervalSince1970: 0)
    let unknown = [Movie(title: "A", date: date), Movie(title: "B", date: date)]
    try await movies.insert(unknown)
    let long = Movie(title: "C", date: date, runtime: 200)
    try await movies.insert(long)
    let error = await #expect(throws: RepositoryError.self) {
      try await movies.insert(Movie(title: "D", date: date, runtime: 200))
    }
    #expect(error.map { "\($0)" } == "constraint violated: a model with the same runtime is already stored")
    #expect(movies.storedModels == unknown + [long])
  }
}
