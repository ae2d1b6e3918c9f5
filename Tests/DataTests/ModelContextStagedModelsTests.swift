import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

@Suite("ModelContext: SwiftData's staged-model arrays and its batch delete")
struct ModelContextStagedModelsTests {
  let store: CatalogStoreFile

  init() throws { store = try CatalogStoreFile() }

  private func titles(_ models: [any PersistentModel]) -> [String] {
    models.compactMap { ($0 as? Movie)?.title }
  }

  @Test func eachArrayListsItsKindOfChangeWithTheLatestValue() async throws {
    try await store.movies.insert([.heat, .up])
    let context = try ModelContext(store.container)
    var alien = Movie.alien
    context.insert(alien)
    alien.title = "Alien (1979)"
    context.update(alien)
    var heat = Movie.heat
    heat.rate = 10
    context.update(heat)
    context.delete(Movie.up)
    #expect(titles(context.insertedModelsArray) == ["Alien (1979)"], "inserted, then updated: still an insert")
    #expect(context.changedModelsArray.compactMap { ($0 as? Movie)?.rate } == [10])
    #expect(titles(context.deletedModelsArray) == ["Up"])
    context.insert(Movie.up)
    #expect(context.deletedModelsArray.isEmpty)
    #expect(titles(context.changedModelsArray) == ["Heat", "Up"], "deleted, then inserted: replaced")
    try context.save()
    #expect(context.insertedModelsArray.isEmpty && context.changedModelsArray.isEmpty)
    #expect(try await store.storedTitles() == ["Alien (1979)", "Heat", "Up"])
  }

  @Test func aBatchDeleteWaitsForTheSaveThenRemovesWhatItMatches() async throws {
    try await store.movies.insert([.alien, .heat, .up])
    let context = try ModelContext(store.container)
    try context.delete(model: Movie.self, where: #Predicate { $0.rate < 9 })
    #expect(context.hasChanges)
    #expect(context.pendingChanges.isEmpty && context.deletedModelsArray.isEmpty, "no model is named before the save")
    #expect(try await store.storedTitles() == ["Alien", "Heat", "Up"], "staged only")
    let before = try store.container.fetchHistory().last?.token
    try context.save()
    #expect(!context.hasChanges)
    #expect(try await store.storedTitles() == ["Alien"])
    let recorded = try store.container.fetchHistory(after: before).flatMap(\.changes)
    #expect(Set(recorded.map(\.id)) == Set([Movie.heat, .up].map { $0.id.uuidString.lowercased() }))
    #expect(recorded.allSatisfy { $0.kind == .delete })
  }

  @Test func aBatchDeleteRunsAfterTheSavesOtherChanges() async throws {
    try await store.movies.insert([.alien])
    let context = try ModelContext(store.container)
    try context.delete(model: Movie.self, where: #Predicate { $0.rate >= 8 })
    context.insert(Movie.heat)  // rated 8: removed by the same save
    context.insert(Movie.up)  // rated 7: kept
    try context.save()
    #expect(try await store.storedTitles() == ["Up"])
    try context.delete(model: Movie.self)
    try context.save()
    #expect(try await store.storedTitles().isEmpty, "without a predicate, every model")
  }

  @Test func aBatchDeleteIsForgottenByARollbackAndKeptByAFailedSave() async throws {
    try await store.movies.insert([.alien, .heat])
    let context = try ModelContext(store.container)
    try context.delete(model: Movie.self)
    context.rollback()
    try context.save()
    #expect(try await store.storedTitles() == ["Alien", "Heat"])
    try context.delete(model: Movie.self, where: #Predicate { $0.title == "Heat" })
    context.insert(Movie.alien)  // already stored: the save fails
    #expect(throws: RepositoryError.self) { try context.save() }
    #expect(try await store.storedTitles() == ["Alien", "Heat"], "the store is as it was")
    context.delete(Movie.alien)  // inserted, then deleted: dropped
    try context.save()
    #expect(try await store.storedTitles() == ["Alien"], "the batch delete stayed staged")
  }

  @Test func aTransactionThatThrowsLeavesNoBatchDeleteStaged() async throws {
    struct Stop: Error {}
    try await store.movies.insert([.alien])
    let context = try ModelContext(store.container)
    #expect(throws: Stop.self) {
      try context.transaction {
        try context.delete(model: Movie.self)
        throw Stop()
      }
    }
    #expect(!context.hasChanges)
    try context.transaction { try context.delete(model: Movie.self) }
    #expect(try await store.storedTitles().isEmpty)
  }

  @Test func aBatchDeleteThatCannotRunIsRefusedWhenStaged() throws {
    let context = try ModelContext(store.container)
    #expect(throws: RepositoryError.unavailable("MovieTag is not stored in this context's store")) {
      try context.delete(model: MovieTag.self)
    }
    #expect(throws: RepositoryError.unsupportedQuery("Movie.images is stored in external files and cannot be queried"))
    {
      try context.delete(model: Movie.self, where: #Predicate { $0.images == [] })
    }
    #expect(!context.hasChanges)
  }
}
