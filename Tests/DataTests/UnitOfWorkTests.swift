import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite("A unit of work is one SQLite transaction")
struct UnitOfWorkTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let unitOfWork: SQLiteUnitOfWork
  let movies: SQLiteRepository<Movie>
  let reviews: SQLiteRepository<Review>

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: CatalogModels.all,
      configurations: [ModelConfiguration("Catalog", url: folder.file("catalog.store"))])
    unitOfWork = try SQLiteUnitOfWork(container: container, author: "test")
    movies = try SQLiteRepository(container: container)
    reviews = try SQLiteRepository(container: container)
  }

  private func review(of movie: Movie, _ text: String) -> Review {
    Review(movieID: movie.id, author: "Ann", text: text, rate: 8, date: Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func changesToSeveralModelsCommitTogetherAsOneHistoryTransaction() async throws {
    let before = try container.fetchHistory().count
    let alien = Movie(title: "Alien", date: .now)
    let seen = try await unitOfWork.transaction { changes in
      try changes.insert([alien])
      try changes.insert([review(of: alien, "Scary.")])
      return try changes.fetchCount(FetchDescriptor<Review>())
    }
    #expect(seen == 1, "a read inside the transaction sees its own writes")
    #expect(try await movies.fetchAll() == [alien])
    #expect(try await reviews.fetchCount(FetchDescriptor()) == 1)
    let history = try container.fetchHistory()
    #expect(history.count == before + 1)
    #expect(history.last?.author == "test")
    #expect(history.last?.models == ["Movie", "Review"])
  }

  @Test func aBodyThatThrowsLeavesTheStoreAndTheHistoryAsTheyWere() async throws {
    let heat = Movie(title: "Heat", date: .now)
    try await movies.insert(heat)
    let history = try container.fetchHistory()
    struct Abandoned: Error {}
    await #expect(throws: Abandoned.self) {
      try await unitOfWork.transaction { changes in
        try changes.insert([Movie(title: "Alien", date: .now)])
        try changes.delete(ids: [heat.id], of: Movie.self)
        throw Abandoned()
      }
    }
    #expect(try await movies.fetchAll() == [heat])
    #expect(try container.fetchHistory() == history)
  }

  @Test func aFailedOperationChangesNothingAndTheTransactionGoesOn() async throws {
    let alien = Movie(title: "Alien", date: .now)
    let heat = Movie(title: "Heat", date: .now)
    try await movies.insert(alien)
    try await unitOfWork.transaction { changes in
      // The second model is a duplicate: the batch fails after the first row went in.
      #expect(throws: RepositoryError.self) { try changes.insert([heat, alien]) }
      #expect(try changes.fetchCount(FetchDescriptor<Movie>()) == 1, "the failed batch left no row")
      try changes.insert([review(of: alien, "Still scary.")])
    }
    #expect(try await movies.fetchAll() == [alien])
    #expect(try await reviews.fetchCount(FetchDescriptor()) == 1)
    let last = try #require(try container.fetchHistory().last)
    #expect(last.changes.map(\.model) == ["Review"], "the undone insert is not in the history")
  }

  @Test func aModelTheStoreDoesNotHoldIsRefused() async throws {
    struct Stranger: Identifiable, Sendable { let id: Int }
    await #expect(throws: RepositoryError.unavailable("Stranger is not a model of this store")) {
      try await unitOfWork.transaction { changes in try changes.insert([Stranger(id: 1)]) }
    }
  }

  @Test func aTransactionKeptAfterItEndedCannotBeUsed() async throws {
    var kept: (any RepositoryTransaction)?
    try await unitOfWork.transaction { changes in kept = changes }
    let transaction = try #require(kept)
    #expect(throws: RepositoryError.self) { try transaction.insert([Movie(title: "Late", date: .now)]) }
    #expect(try await movies.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func predicatesAndDeletesWorkOnAnyModel() async throws {
    let alien = Movie(title: "Alien", date: .now, rate: 9)
    let heat = Movie(title: "Heat", date: .now, rate: 7)
    let deleted = try await unitOfWork.transaction { changes in
      try changes.insert([alien, heat])
      try changes.upsert([review(of: alien, "A"), review(of: heat, "B")])
      let low = try changes.fetch(FetchDescriptor<Movie>(predicate: #Predicate { $0.rate < 8 })).map(\.id)
      return try changes.delete(where: #Predicate<Review> { low.contains($0.movieID) })
    }
    #expect(deleted == 1)
    #expect(try await reviews.fetchAll().map(\.text) == ["A"])
  }
}
