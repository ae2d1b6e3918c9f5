import Catalog
import CatalogStorage
import Dispatch
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import Synchronization
import TestSupport
import Testing

/// What a ``PostgresUnitOfWork`` adds to the contract: PostgreSQL aborts a transaction at its
/// first failed statement, and each operation's savepoint is what lets a body go on; a
/// transaction kept past its end refuses work; a failed batch upsert fails the whole
/// transaction; a batch of thousands of rows upserts with the same outcomes as one of three.
@Suite(.needsPostgreSQL)
struct PostgresUnitOfWorkTests {
  /// A store of movies and their reviews on a new, empty schema.
  static func store() async throws -> PostgresStore {
    try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Movie.self, Review.self], poolSize: 2)
  }

  /// The identifier of a number.
  static func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", number)) ?? UUID()
  }

  /// A movie of a number: its identifier, title and date come from it.
  static func movie(_ number: Int, rate: Int = 5) -> Movie {
    Movie(
      id: Self.id(number), title: "Movie \(number)", date: Date(timeIntervalSince1970: Double(number)),
      rate: rate)
  }

  @Test func aBodyThatCatchesAFailedOperationGoesOnAndCommitsTheRest() async throws {
    let store = try await Self.store()
    let movies = try PostgresRepository<Movie>(store: store)
    try await movies.insert(Self.movie(1))
    let counted = try await PostgresUnitOfWork(store: store).transaction { changes in
      try changes.insert([Self.movie(2)])
      // The second movie of this insert repeats a stored identifier: neither is stored.
      #expect(throws: RepositoryError.self) { try changes.insert([Self.movie(3), Self.movie(1, rate: 9)]) }
      // A review of a movie that is not stored breaks its relationship.
      #expect(throws: RepositoryError.self) {
        try changes.insert([Review(movieID: Self.id(99_999), text: "lost", date: .now)])
      }
      try changes.update([Self.movie(2, rate: 7)])
      return try changes.fetchCount(FetchDescriptor<Movie>())
    }
    #expect(counted == 2)
    #expect(try await movies.fetchAll() == [Self.movie(1), Self.movie(2, rate: 7)])
    #expect(try await PostgresRepository<Review>(store: store).fetchCount(FetchDescriptor()) == 0)
  }

  @Test func theHistoryRecordsOneTransactionOfTheAuthorWithWhatReallyChanged() async throws {
    let store = try await Self.store()
    try await PostgresRepository<Movie>(store: store).insert([Self.movie(1), Self.movie(2)])
    let before = try await PostgresHistoryTests.history(of: store, count: 1)
    try await PostgresUnitOfWork(store: store, author: "importer").transaction { changes in
      // An insert, an update of the rating, a row that changes nothing; then a failed insert,
      // which its savepoint undoes, in the history too.
      try changes.upsert([Upsert(Self.movie(3)), Upsert(Self.movie(1, rate: 9)), Upsert(Self.movie(2))])
      #expect(throws: RepositoryError.self) { try changes.insert([Self.movie(4), Self.movie(3)]) }
    }
    let history = try await PostgresHistoryTests.history(of: store, count: before.count + 1)
    let transaction = try #require(history.last)
    #expect(transaction.author == "importer")
    #expect(transaction.changes.map(\.kind) == [.insert, .update])
    #expect(transaction.changes.map(\.id) == [Self.id(3), Self.id(1)].map { $0.uuidString.lowercased() })
    #expect(transaction.changes.last?.updatedAttributes == ["rate"])
  }

  @Test func aTransactionKeptPastItsEndRefusesWork() async throws {
    let store = try await Self.store()
    let kept = try await PostgresUnitOfWork(store: store).transaction { changes in KeptTransaction(changes) }
    #expect(throws: RepositoryError.unavailable("a unit of work's transaction was used after it ended")) {
      try kept.changes.insert([Self.movie(1)])
    }
    #expect(throws: RepositoryError.self) { try kept.changes.fetch(FetchDescriptor<Movie>()) }
    #expect(try await PostgresRepository<Movie>(store: store).fetchCount(FetchDescriptor()) == 0)
  }

  @Test func aModelTheStoreDoesNotHoldIsUnavailableAndTheBodyGoesOn() async throws {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Movie.self], poolSize: 1)
    try await PostgresUnitOfWork(store: store).transaction { changes in
      #expect(throws: RepositoryError.unavailable("MovieTag is not a model of this store")) {
        try changes.insert([MovieTag(name: "heist")])
      }
      try changes.insert([Self.movie(1)])
    }
    #expect(try await PostgresRepository<Movie>(store: store).fetchAll() == [Self.movie(1)])
  }

  @Test func aFailedBatchUpsertRollsTheWholeTransactionBackEvenWhenCaught() async throws {
    let store = try await Self.store()
    let orphan = Review(movieID: Self.id(99_999), text: "lost", date: .now)
    await #expect(throws: RepositoryError.self) {
      try await PostgresUnitOfWork(store: store).transaction { changes in
        try changes.insert([Self.movie(1)])
        #expect(throws: RepositoryError.self) { try changes.upsert([Upsert(orphan)]) }
        // Nothing more can be done in the transaction.
        #expect(throws: RepositoryError.self) { try changes.insert([Self.movie(2)]) }
      }
    }
    #expect(try await PostgresRepository<Movie>(store: store).fetchCount(FetchDescriptor()) == 0)
  }

  @Test func theBodysOwnErrorReachesTheCallerAsItIs() async throws {
    let store = try await Self.store()
    await #expect(throws: CancellationError.self) {
      try await PostgresUnitOfWork(store: store).transaction { changes in
        try changes.insert([Self.movie(1)])
        throw CancellationError()
      }
    }
    #expect(try await PostgresRepository<Movie>(store: store).fetchCount(FetchDescriptor()) == 0)
  }

  @Test func batchesOfThousandsOfRowsUpsertWithTheirOutcomes() async throws {
    let store = try await Self.store()
    let movies = try PostgresRepository<Movie>(store: store)
    let count = 6_000
    // A third stored before, with other ratings; a tenth of those already with the new rating.
    try await movies.insert((0..<count / 3).map { Self.movie($0, rate: $0 % 10 == 0 ? 8 : 1) })
    let rows = (0..<count).map { Upsert(Self.movie($0, rate: 8), properties: [\Movie.rate], origin: $0) }
    let unitOfWork = PostgresUnitOfWork(store: store)
    let (outcomes, repeats) = try await unitOfWork.transaction { changes in
      var outcomes: [UpsertOutcome<UUID>] = []
      for start in stride(from: 0, to: count, by: 1_000) {
        outcomes += try changes.upsert(Array(rows[start..<start + 1_000]))
      }
      // The same rows again, matched by title and date under new identifiers: all repeats.
      let twins = rows.prefix(1_000).map { row in
        var twin = row
        twin.model.id = UUID()
        twin.match = .identifierOrUniqueKey
        return twin
      }
      return (outcomes, try changes.upsert(twins))
    }
    let expected = (0..<count).map { number -> UpsertOutcome<UUID> in
      let id = Self.id(number)
      if number >= count / 3 { return .inserted(id) }
      return number % 10 == 0 ? .unchanged(id) : .updated(id)
    }
    #expect(outcomes == expected)
    #expect(repeats == (0..<1_000).map { .repeated(Self.id($0), origin: $0) })
    #expect(try await movies.fetchAll() == (0..<count).map { Self.movie($0, rate: 8) })
  }

  @Test(arguments: [1, 2])
  func randomBatchesUpsertAsTheInMemoryStoreDoes(seed: UInt64) async throws {
    var generator = SplitMix64(seed: seed)
    // Few identifiers and fewer titles and dates, so that rows repeat and clash often.
    func randomMovie() -> Movie {
      Movie(
        id: Self.id(Int.random(in: 0..<2_000, using: &generator)),
        title: "Movie \(Int.random(in: 0..<40, using: &generator))",
        date: Date(timeIntervalSince1970: Double(Int.random(in: 0..<20, using: &generator))),
        rate: Int.random(in: 0...10, using: &generator))
    }
    let properties: [[any PartialKeyPath<Movie> & Sendable]?] = [
      nil, [], [\Movie.rate], [\Movie.title, \Movie.date], [\Movie.title, \Movie.rate],
    ]
    var stored: [Movie] = []
    for number in 0..<400 {
      let movie = Movie(
        id: Self.id(1_000 + number), title: "Movie \(number % 40)",
        date: Date(timeIntervalSince1970: Double(number / 40)), rate: 1)
      stored.append(movie)
    }
    let batches = (0..<4).map { batch in
      (0..<250).map { number in
        Upsert(
          randomMovie(), matching: Bool.random(using: &generator) ? .identifier : .identifierOrUniqueKey,
          properties: properties[Int.random(in: properties.indices, using: &generator)], origin: batch * 1_000 + number)
      }
    }
    let store = try await Self.store()
    let postgres = try PostgresRepository<Movie>(store: store)
    let memory = InMemoryStore()
    let reference = InMemoryRepository<Movie>(store: memory, keys: MovieContractFixture.keys)
    try await postgres.insert(stored)
    try await reference.insert(stored)
    let upsertAll = { @Sendable (changes: any RepositoryTransaction) throws -> [[UpsertOutcome<UUID>]] in
      try batches.map { try changes.upsert($0) }
    }
    let outcomes = try await PostgresUnitOfWork(store: store).transaction(upsertAll)
    let expected = try await memory.transaction(upsertAll)
    for (batch, (got, wanted)) in zip(outcomes, expected).enumerated() {
      for (row, (outcome, expectedOutcome)) in zip(got, wanted).enumerated() where outcome != expectedOutcome {
        Issue.record("batch \(batch), row \(row): \(outcome), expected \(expectedOutcome)")
      }
    }
    let byID = { (movies: [Movie]) in movies.sorted { $0.id.uuidString < $1.id.uuidString } }
    #expect(byID(try await postgres.fetchAll()) == byID(try await reference.fetchAll()))
  }

  @Test func aBodyThatADeadlockFailedRunsAgainAndCommits() async throws {
    let store = try await Self.store()
    try await PostgresRepository<Movie>(store: store).insert([Self.movie(1), Self.movie(2)])
    let unitOfWork = PostgresUnitOfWork(store: store)
    let first = Attempt()
    let second = Attempt()
    // Each body locks one movie, waits (on its first run) until the other locked the other one,
    // then changes the other: the server fails one of them, which runs again.
    async let one = unitOfWork.transaction { try Self.cross($0, from: 1, to: 2, rate: 7, first, second) }
    async let two = unitOfWork.transaction { try Self.cross($0, from: 2, to: 1, rate: 8, second, first) }
    let attempts = try await [one, two]
    #expect(attempts.sorted() == [1, 2], "one body, and only one, ran twice")
    let rates = try await PostgresRepository<Movie>(store: store).fetchAll().map(\.rate)
    // The body that ran again committed last.
    #expect(rates == Array(repeating: attempts[0] == 2 ? 7 : 8, count: 2))
  }

  /// Rates one movie, then, once the other body locked its own (on the first run), the other
  /// movie; returns the run's number.
  static func cross(
    _ changes: any RepositoryTransaction, from mine: Int, to theirs: Int, rate: Int, _ attempt: Attempt,
    _ other: Attempt
  ) throws -> Int {
    let number = attempt.begin()
    try changes.update([movie(mine, rate: rate)])
    if number == 1 { attempt.handOver(to: other) }
    try changes.update([movie(theirs, rate: rate)])
    return number
  }
}

/// A transaction the body hands out of the unit of work, for the test of its use after the end.
private struct KeptTransaction: @unchecked Sendable {
  // Unchecked: the test uses it from one task, after the transaction ended.
  let changes: any RepositoryTransaction
  init(_ changes: any RepositoryTransaction) { self.changes = changes }
}

/// How often a body ran, and the signal that its first run holds its first lock.
final class Attempt: Sendable {
  private let count = Mutex(0)
  private let locked = DispatchSemaphore(value: 0)

  /// Counts a run and returns its number, from 1.
  func begin() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }

  /// Says this body holds its first lock, and waits until the other does: at most a minute, as
  /// on a busy machine the other transaction may be slow to start; past that the test fails.
  func handOver(to other: Attempt) {
    locked.signal()
    let arrived = other.locked.wait(timeout: .now() + 60) == .success
    #expect(arrived, "the other transaction did not lock its movie within a minute")
  }
}
