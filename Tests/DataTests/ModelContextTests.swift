import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

@Suite("ModelContext: changes staged, then saved as one transaction")
struct ModelContextTests {
  let store: CatalogStoreFile

  init() throws { store = try CatalogStoreFile() }

  @Test func nothingIsWrittenUntilSaveThenEverythingIs() async throws {
    try await store.movies.insert([.heat, .up])
    let context = try ModelContext(store.container)
    var heat = Movie.heat
    heat.rate = 10
    context.insert(Movie.alien)
    context.update(heat)
    context.delete(Movie.up)
    #expect(context.hasChanges)
    #expect(context.pendingChanges.map(\.kind) == [.insert, .update, .delete])
    #expect(try await store.storedTitles() == ["Heat", "Up"], "staged only")
    try context.save()
    #expect(!context.hasChanges)
    #expect(try await store.storedTitles() == ["Alien", "Heat"])
    #expect(try await store.movies.fetch(id: Movie.heat.id)?.rate == 10)
  }

  @Test func changesToOneModelMerge() async throws {
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    context.delete(Movie.alien)
    #expect(!context.hasChanges, "inserted then deleted: nothing to do")
    var alien = Movie.alien
    context.insert(alien)
    alien.title = "Alien (1979)"
    context.update(alien)
    #expect(context.pendingChanges.map(\.kind) == [.insert])
    try context.save()
    #expect(try await store.storedTitles() == ["Alien (1979)"])
  }

  @Test func aFailedSaveChangesNothingAndKeepsEveryChangeStaged() async throws {
    try await store.movies.insert(Movie.alien)
    let context = try ModelContext(store.container)
    context.insert(Movie.heat)
    context.insert(Movie.alien)  // already stored
    let staged = context.pendingChanges
    #expect(throws: RepositoryError.self) { try context.save() }
    #expect(try await store.storedTitles() == ["Alien"], "Heat was not stored either")
    #expect(context.pendingChanges == staged)
    context.delete(Movie.alien)  // inserted then deleted: the duplicate is dropped
    try context.save()
    #expect(try await store.storedTitles() == ["Alien", "Heat"])
  }

  @Test func updatingOrDeletingAModelThatIsNotStoredFails() throws {
    let context = try ModelContext(store.container)
    context.update(Movie.up)
    #expect(throws: RepositoryError.notFound(id: String(describing: Movie.up.id))) { try context.save() }
    context.rollback()
    context.delete(Movie.up)
    #expect(throws: RepositoryError.notFound(id: String(describing: Movie.up.id))) { try context.save() }
  }

  @Test func rollbackForgetsTheStagedChanges() async throws {
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    context.rollback()
    #expect(!context.hasChanges)
    try context.save()
    #expect(try await store.storedTitles().isEmpty)
  }

  @Test func aTransactionCommitsOrRollsBackAsOne() async throws {
    struct Stop: Error {}
    let context = try ModelContext(store.container)
    context.insert(Movie.up)
    #expect(throws: Stop.self) {
      try context.transaction {
        context.insert(Movie.alien)
        throw Stop()
      }
    }
    #expect(context.pendingChanges.map(\.id) == [Movie.up.id.uuidString.lowercased()], "the work's change is gone")
    #expect(try await store.storedTitles().isEmpty)
    try context.transaction { context.insert(Movie.heat) }
    #expect(try await store.storedTitles() == ["Heat", "Up"])
  }

  @Test func referencesAreCheckedAtTheCommitSoOrderDoesNotMatter() async throws {
    let context = try ModelContext(store.container)
    context.insert(Review(movieID: Movie.alien.id, text: "Tense.", date: .now))
    context.insert(Movie.alien)
    try context.save()
    context.insert(Review(movieID: UUID(), text: "Of nothing.", date: .now))
    #expect(throws: RepositoryError.self) { try context.save() }
    #expect(try await SQLiteRepository<Review>(container: store.container).fetchCount(FetchDescriptor()) == 1)
  }

  @Test func autosaveLetsReadsSeeStagedChanges() throws {
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    #expect(try context.fetchCount(FetchDescriptor<Movie>()) == 0)
    context.autosaveEnabled = true
    #expect(try context.fetch(FetchDescriptor<Movie>()).map(\.title) == ["Alien"])
    #expect(!context.hasChanges)
  }

  @Test func aModelOfAnotherStoreIsRefusedAtSave() throws {
    let context = try ModelContext(store.container)
    context.insert(MovieTag(name: "x"))
    #expect(throws: RepositoryError.unavailable("MovieTag is not stored in this context's store")) {
      try context.save()
    }
  }

  @Test func aBackgroundContextWorksOnItsOwnActor() async throws {
    let worker = try BackgroundModelContext(store.container, author: "importer")
    let count = try await worker.perform { context in
      for movie in Movie.samples { context.insert(movie) }
      try context.save()
      return try context.fetchCount(FetchDescriptor<Movie>())
    }
    #expect(count == Movie.samples.count)
    #expect(try await store.movies.fetchCount(FetchDescriptor()) == Movie.samples.count)
  }
}
