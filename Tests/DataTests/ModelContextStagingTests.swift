import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// A model whose identifiers all hash alike, so that a context can tell them apart only by
/// comparing them.
struct CollidingRecord: PersistentModel, Equatable {
  /// An identifier whose every value has the same hash.
  struct Code: RawRepresentable, Hashable, Codable {
    var rawValue: String
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  static let entity = Entity<CollidingRecord>(primaryKey: \.code)
  var code: String
  var name: String
  var id: Code { Code(rawValue: code) }
}

@Suite("ModelContext: staged changes merge by model and are saved in the order first staged")
struct ModelContextStagingTests {
  let store: CatalogStoreFile

  init() throws { store = try CatalogStoreFile() }

  @Test func changesAreSavedInTheOrderTheyWereStaged() async throws {
    // Given a stored movie, and another with its title and date (the two must be unique)
    try await store.movies.insert(Movie.heat)
    var remake = Movie.heat
    remake.id = UUID()
    // When the stored one is deleted before the other is inserted, the save succeeds
    let context = try ModelContext(store.container)
    context.delete(Movie.heat)
    context.insert(remake)
    try context.save()
    #expect(try await store.movies.fetchAll().map(\.id) == [remake.id])
    // When the insert comes first, it meets the stored movie's title and date: nothing is saved
    context.insert(Movie.heat)
    context.delete(remake)
    #expect(throws: RepositoryError.self) { try context.save() }
    #expect(try await store.movies.fetchAll().map(\.id) == [remake.id])
  }

  @Test func changesOfSeveralTypesAndKindsInterleavedAreAllSaved() async throws {
    try await store.movies.insert([.up, .amelie])
    var amelie = Movie.amelie
    amelie.rate = 2
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    context.insert(Review(movieID: Movie.alien.id, text: "Tense.", date: .now))
    context.update(amelie)
    context.insert(Movie.heat)
    context.insert(Review(movieID: Movie.heat.id, text: "Long.", date: .now))
    context.delete(Movie.up)
    try context.save()
    #expect(try await store.storedTitles() == ["Alien", "Amélie", "Heat"])
    #expect(try await store.movies.fetch(id: Movie.amelie.id)?.rate == 2)
    #expect(try await SQLiteRepository<Review>(container: store.container).fetchCount(FetchDescriptor()) == 2)
  }

  @Test func aModelStagedAgainAfterItsChangeWasUndoneComesLast() throws {
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    context.insert(Movie.heat)
    context.delete(Movie.alien)
    context.insert(Movie.alien)
    #expect(context.pendingChanges.map(\.id) == [Movie.heat, .alien].map { $0.id.uuidString.lowercased() })
  }

  @Test func manyUndoneChangesLeaveTheOthersInOrderAndStillMerging() async throws {
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    for number in 0..<500 {
      let passing = Movie(title: "Passing \(number)", date: .now)
      context.insert(passing)
      context.delete(passing)
    }
    context.insert(Movie.heat)
    var alien = Movie.alien
    alien.title = "Alien (1979)"
    context.update(alien)
    #expect(context.pendingChanges.map(\.kind) == [.insert, .insert])
    #expect(context.insertedModelsArray.compactMap { ($0 as? Movie)?.title } == ["Alien (1979)", "Heat"])
    try context.save()
    #expect(try await store.storedTitles() == ["Alien (1979)", "Heat"])
  }

  @Test func aTransactionThatThrowsRestoresTheValuesStagedBefore() throws {
    struct Stop: Error {}
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    #expect(throws: Stop.self) {
      try context.transaction {
        var alien = Movie.alien
        alien.title = "Changed"
        context.update(alien)
        context.insert(Movie.heat)
        throw Stop()
      }
    }
    #expect(context.insertedModelsArray.compactMap { $0 as? Movie } == [.alien])
  }

  @Test func identifiersThatHashAlikeAreToldApart() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: CollidingRecord.self, configurations: ModelConfiguration(url: folder.file("codes.store")))
    let repository = try SQLiteRepository<CollidingRecord>(container: container)
    try await repository.insert(CollidingRecord(code: "c", name: "C"))
    let context = try ModelContext(container)
    context.insert(CollidingRecord(code: "a", name: "A"))
    context.insert(CollidingRecord(code: "b", name: "B"))
    context.update(CollidingRecord(code: "b", name: "B2"))
    context.insert(CollidingRecord(code: "d", name: "D"))
    context.delete(CollidingRecord(code: "d", name: "D"))
    context.delete(CollidingRecord(code: "c", name: "C"))
    #expect(
      context.pendingChanges.map(\.id) == ["Code(rawValue: \"a\")", "Code(rawValue: \"b\")", "Code(rawValue: \"c\")"])
    #expect(context.pendingChanges.map(\.kind) == [.insert, .insert, .delete])
    try context.save()
    #expect(
      try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.code)])) == [
        CollidingRecord(code: "a", name: "A"), CollidingRecord(code: "b", name: "B2"),
      ])
  }
}
