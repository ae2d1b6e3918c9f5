import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@Suite("History's typed changes: what an update changed, what a delete preserved")
struct TypedHistoryTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let movies: SQLiteRepository<Movie>
  let shelves: SQLiteRepository<CrateRecord>
  let clips: SQLiteRepository<ClipRecord>
  let stickers: SQLiteRepository<StickerRecord>

  let shelf = CrateRecord(id: UUID(fixture: 10), name: "Classics", rank: 1)
  let other = CrateRecord(id: UUID(fixture: 11), name: "Noir", rank: 2)

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, CrateRecord.self, ClipRecord.self, StickerRecord.self,
      configurations: ModelConfiguration("Typed", url: folder.file("typed.store")))
    movies = try SQLiteRepository(container: container)
    shelves = try SQLiteRepository(container: container)
    clips = try SQLiteRepository(container: container)
    stickers = try SQLiteRepository(container: container)
  }

  /// The changes of the last transaction.
  private func lastChanges() throws -> [HistoryChange] {
    try container.fetchHistory().last?.changes ?? []
  }

  private func id(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

  @Test func changedAttributesTheEngineDidNotWriteAreAnErrorNotAnEmptySet() async throws {
    try await movies.insert([.heat])
    var heat = Movie.heat
    heat.rate = 10
    try await movies.update(heat)
    let raw = try Connection(location: .file(folder.file("typed.store").path), readOnly: false)
    try raw.execute("UPDATE _history_entries SET attributes = 'not a list' WHERE attributes IS NOT NULL")
    try raw.close()
    #expect {
      _ = try container.fetchHistory()
    } throws: { error in
      "\(error)".contains("names its changed attributes in a form the engine did not write")
    }
  }

  @Test func aChangeOfAKindTheEngineDidNotWriteIsAnErrorNotSkipped() async throws {
    try await movies.insert([.heat])
    let raw = try Connection(location: .file(folder.file("typed.store").path), readOnly: false)
    try raw.execute("UPDATE _history_entries SET kind = 'renamed'")
    try raw.close()
    #expect {
      _ = try container.fetchHistory()
    } throws: { error in
      "\(error)".contains("holds a change of a kind the engine did not write")
    }
  }

  @Test func aContextSaveNamesTheAttributesEachUpdateChanged() async throws {
    try await movies.insert([.heat, .up])
    let context = try ModelContext(container)
    var heat = Movie.heat
    heat.rate = 10
    heat.title = "Heat (1995)"
    context.update(heat)
    context.update(Movie.up)  // stored again as it is: an update that changes nothing
    try context.save()
    let changes = try lastChanges()
    #expect(changes.map(\.updatedAttributes) == [["rate", "title"], []])
    #expect(changes[0].updates(\Movie.rate) && changes[0].updates(\Movie.title))
    #expect(!changes[0].updates(\Movie.heart))
    #expect(!changes[0].updates(\CrateRecord.name), "another model's attribute")
  }

  @Test func aRepositoryUpdateNamesWhatItChanged() async throws {
    try await movies.insert(.heat)
    _ = try await movies.update(id: Movie.heat.id, properties: [\.heart, \.rate]) { $0.heart += 1 }
    #expect(try lastChanges().map(\.updatedAttributes) == [["heart"]], "rate was written but kept its value")
    var heat = Movie.heat
    heat.content = "Another description."
    try await movies.update([heat])
    #expect(try lastChanges().map(\.updatedAttributes) == [["content", "heart"]], "heart goes back to 1")
    heat.runtime = 170
    try await movies.upsert([heat])
    #expect(
      try lastChanges() == [.init(model: "Movie", id: id(heat.id), kind: .update, updatedAttributes: ["runtime"])])
  }

  @Test func aBatchUpsertNamesWhatEachUpdateChanged() async throws {
    try await movies.insert([.heat, .up])
    var heat = Movie.heat
    heat.rate = 3
    var up = Movie.up
    up.heart = 5
    up.rate = 1
    // Matched by its unique title and date under another id, Up keeps its own.
    let twin = Movie(id: UUID(fixture: 40), title: up.title, date: up.date, rate: 1)
    let unitOfWork = try SQLiteUnitOfWork(container: container)
    try await unitOfWork.transaction { changes in
      _ = try changes.upsert([
        Upsert(heat, properties: [\.rate, \.title]), Upsert(up),
        Upsert(twin, matching: .identifierOrUniqueKey, properties: [\.rate, \.content]),
      ])
    }
    #expect(
      try lastChanges() == [
        .init(model: "Movie", id: id(heat.id), kind: .update, updatedAttributes: ["rate"]),
        .init(model: "Movie", id: id(up.id), kind: .update, updatedAttributes: ["heart", "rate"]),
      ], "the twin changed nothing Up did not already hold, so it is not an update")
  }

  @Test func aDeleteByIdentifierPreservesTheDeclaredValues() async throws {
    try await shelves.insert(shelf)
    try await clips.insert(ClipRecord(id: UUID(fixture: 20), crateID: shelf.id, text: "Opening", pinned: nil))
    try await clips.delete(ids: [UUID(fixture: 20)])
    let change = try #require(try lastChanges().first)
    #expect(change.kind == .delete && change.preservedValues == ["text": .text("Opening"), "pinned": .null])
    #expect(try change.preservedValue(\ClipRecord.text) == "Opening")
    #expect(try change.preservedValue(\ClipRecord.pinned) == .some(nil), "nil was preserved, as nil")
    #expect(try change.preservedValue(\ClipRecord.crateID) == nil, "not preserved")
    #expect(try change.preservedValue(\CrateRecord.name) == nil, "not a shelf")
    let damaged = HistoryChange(
      model: "ClipRecord", id: change.id, kind: .delete, preservedValues: ["pinned": .text("yes")])
    #expect(throws: PersistenceError.self) { try damaged.preservedValue(\ClipRecord.pinned) }
  }

  @Test func batchDeletesAndCascadesPreserveTheValuesOfEveryRowTheyRemove() async throws {
    try await shelves.insert([shelf, other])
    try await clips.insert([
      ClipRecord(id: UUID(fixture: 20), crateID: shelf.id, text: "One", pinned: true),
      ClipRecord(id: UUID(fixture: 21), crateID: other.id, text: "Two", pinned: false),
    ])
    try await stickers.insert(StickerRecord(id: UUID(fixture: 30), crateID: shelf.id, color: "red"))

    // A context's batch delete, which cascades to the shelf's clip and nullifies the sticker.
    let context = try ModelContext(container)
    try context.delete(model: CrateRecord.self, where: #Predicate { $0.rank == 1 })
    try context.save()
    let cascaded = try lastChanges()
    #expect(
      Set(cascaded) == [
        .init(
          model: "ClipRecord", id: id(UUID(fixture: 20)), kind: .delete,
          preservedValues: ["text": .text("One"), "pinned": .integer(1)]),
        .init(model: "StickerRecord", id: id(UUID(fixture: 30)), kind: .update, updatedAttributes: ["crateID"]),
        .init(model: "CrateRecord", id: id(shelf.id), kind: .delete, preservedValues: ["name": .text("Classics")]),
      ])
    #expect(try cascaded.first { $0.model == "ClipRecord" }?.preservedValue(\ClipRecord.pinned) == true)

    // A repository's delete(where:), then deleteAll.
    try await shelves.insert(shelf)
    _ = try await shelves.delete(where: #Predicate { $0.rank == 2 })
    #expect(
      Set(try lastChanges()) == [
        .init(
          model: "ClipRecord", id: id(UUID(fixture: 21)), kind: .delete,
          preservedValues: ["text": .text("Two"), "pinned": .integer(0)]),
        .init(model: "CrateRecord", id: id(other.id), kind: .delete, preservedValues: ["name": .text("Noir")]),
      ])
    _ = try await shelves.deleteAll()
    #expect(
      try lastChanges() == [
        .init(model: "CrateRecord", id: id(shelf.id), kind: .delete, preservedValues: ["name": .text("Classics")])
      ])
  }

  @Test func onlyAnAttributeStoredInTheTableCanBePreserved() throws {
    #expect(
      throws: PersistenceError.invalidSchema(
        "ScanRecord declares 'pages' preserved on deletion, but it is not an attribute stored in the table")
    ) {
      _ = try ModelContainer(
        for: ScanRecord.self, configurations: ModelConfiguration("Scans", url: folder.file("scans.store")))
    }
  }

  @Test func aRolledBackSaveLeavesNothingInTheHistory() async throws {
    try await shelves.insert(shelf)
    let before = try container.fetchHistory()
    let context = try ModelContext(container)
    var renamed = shelf
    renamed.name = "Renamed"
    context.update(renamed)
    context.delete(shelf)
    context.insert(ClipRecord(id: UUID(fixture: 20), crateID: UUID(fixture: 99), text: "Orphan", pinned: nil))
    #expect(throws: RepositoryError.self) { try context.save() }  // the clip names no shelf
    #expect(try container.fetchHistory() == before)
    #expect(try await shelves.fetch(id: shelf.id) == shelf)
  }
}
