import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite("The in-memory store's unit of work")
struct InMemoryStoreTests {
  let store = InMemoryStore()

  @Test func aTransactionThatReturnsKeepsEveryChange() async throws {
    let movies = InMemoryRepository<Movie>(store: store)
    let reviews = InMemoryRepository<Review>(store: store)
    let review = Review(movieID: Movie.alien.id, author: "Ann", text: "Scary.", rate: 9, date: .now)
    let count = try await store.transaction { changes in
      try changes.insert([Movie.alien, .heat])
      try changes.insert([review])
      try changes.delete(ids: [Movie.heat.id], of: Movie.self)
      return try changes.fetchCount(FetchDescriptor<Movie>())
    }
    #expect(count == 1)
    #expect(try await movies.fetchAll() == [.alien])
    #expect(try await reviews.fetchAll() == [review])
  }

  @Test func unitOfWorkKeepsTheUniqueKeysARepositoryDeclaredOnTheStore() async throws {
    let tags = try InMemoryRepository<MovieTag>(
      [MovieTag(name: "noir")], store: store, keys: ModelKeys(id: \.id, unique: [UniqueKey(\.name)]))
    await #expect(throws: RepositoryError.self) {
      try await store.transaction { changes in try changes.insert([MovieTag(name: "noir")]) }
    }
    let other = MovieTag(name: "heist")
    try await store.transaction { changes in try changes.upsert([other]) }
    await #expect(throws: RepositoryError.self) {
      try await store.transaction { changes in
        var renamed = other
        renamed.name = "noir"
        try changes.update([renamed])
      }
    }
    #expect(tags.storedModels.map(\.name) == ["noir", "heist"])
  }

  @Test func aTransactionThatThrowsKeepsNothingEvenWhatItsBodyCaught() async throws {
    let movies = try InMemoryRepository<Movie>([.alien], store: store)
    struct Abandoned: Error {}
    await #expect(throws: Abandoned.self) {
      try await store.transaction { changes in
        try changes.insert([Movie.heat])
        var changed = Movie.alien
        changed.rate = 1
        try changes.update([changed])
        // A failed operation changes nothing and the transaction goes on, as in SQLite.
        #expect(throws: RepositoryError.self) { try changes.insert([Movie.heat]) }
        #expect(try changes.fetch(FetchDescriptor<Movie>()).count == 2)
        throw Abandoned()
      }
    }
    #expect(try await movies.fetchAll() == [.alien])
  }

  @Test func readsInsideATransactionSeeItsOwnWrites() async throws {
    let names = try await store.transaction { changes in
      try changes.insert([MovieTag(name: "b"), MovieTag(name: "a")])
      try changes.upsert([MovieTag(name: "c")])
      return try changes.fetch(FetchDescriptor<MovieTag>(sortBy: [SortDescriptor(\.name)])).map(\.name)
    }
    #expect(names == ["a", "b", "c"])
    #expect(try await InMemoryRepository<MovieTag>(store: store).fetchCount(FetchDescriptor()) == 3)
  }
}
