import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Parents and children with each delete rule, to see what deleting a parent does.
struct ShelfRecord: PersistentModel, Equatable {
  var id: UUID
  var name: String
}

struct BookRecord: PersistentModel, Equatable {
  static let entity = Entity<BookRecord>(relationships: [.belongsTo(\.shelfID, ShelfRecord.self, deleteRule: .cascade)])
  var id: UUID
  var shelfID: UUID
}

struct LoanRecord: PersistentModel, Equatable {
  static let entity = Entity<LoanRecord>(relationships: [.belongsTo(\.shelfID, ShelfRecord.self, deleteRule: .deny)])
  var id: UUID
  var shelfID: UUID
}

struct LabelRecord: PersistentModel, Equatable {
  static let entity = Entity<LabelRecord>(relationships: [.belongsTo(\.shelfID, ShelfRecord.self, deleteRule: .nullify)]
  )
  var id: UUID
  var shelfID: UUID?
}

struct ShelfNoteRecord: PersistentModel, Equatable {
  static let entity = Entity<ShelfNoteRecord>(relationships: [
    .belongsTo(\.shelfID, ShelfRecord.self, deleteRule: .noAction)
  ])
  var id: UUID
  var shelfID: UUID
}

@Suite("Relationships and delete rules, as foreign keys")
struct RelationshipTests {
  let shelves: SQLiteRepository<ShelfRecord>
  let books: SQLiteRepository<BookRecord>
  let loans: SQLiteRepository<LoanRecord>
  let labels: SQLiteRepository<LabelRecord>
  let notes: SQLiteRepository<ShelfNoteRecord>
  let shelf = ShelfRecord(id: UUID(), name: "Horror")

  init() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: ShelfRecord.self, BookRecord.self, LoanRecord.self, LabelRecord.self, ShelfNoteRecord.self,
      configurations: ModelConfiguration("Library", url: folder.file("library.store")))
    shelves = try SQLiteRepository(container: container)
    books = try SQLiteRepository(container: container)
    loans = try SQLiteRepository(container: container)
    labels = try SQLiteRepository(container: container)
    notes = try SQLiteRepository(container: container)
    try await shelves.insert(shelf)
  }

  @Test func cascadeDeletesTheChildren() async throws {
    try await books.insert([BookRecord(id: UUID(), shelfID: shelf.id), BookRecord(id: UUID(), shelfID: shelf.id)])
    try await shelves.delete(shelf)
    #expect(try await books.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func denyRefusesTheDeleteAndChangesNothing() async throws {
    let loan = LoanRecord(id: UUID(), shelfID: shelf.id)
    try await loans.insert(loan)
    await #expect(
      throws: RepositoryError.constraintViolation(
        "ShelfRecord cannot be deleted while LoanRecord, ShelfNoteRecord refer to it (delete rule deny)")
    ) {
      try await shelves.delete(shelf)
    }
    #expect(try await shelves.fetchAll() == [shelf])
    #expect(try await loans.fetchAll() == [loan])
  }

  @Test func nullifyClearsTheReference() async throws {
    let label = LabelRecord(id: UUID(), shelfID: shelf.id)
    try await labels.insert(label)
    try await shelves.delete(shelf)
    #expect(try await labels.fetchAll() == [LabelRecord(id: label.id, shelfID: nil)])
  }

  @Test func noActionStillRefusesADanglingReferenceAtCommit() async throws {
    try await notes.insert(ShelfNoteRecord(id: UUID(), shelfID: shelf.id))
    await #expect(throws: RepositoryError.self) { try await shelves.delete(shelf) }
    #expect(try await shelves.fetchCount(FetchDescriptor()) == 1)
  }

  @Test func aChildOfAMissingParentIsRefused() async throws {
    await #expect(throws: RepositoryError.constraintViolation("BookRecord refers to a model that does not exist")) {
      try await books.insert(BookRecord(id: UUID(), shelfID: UUID()))
    }
  }

  @Test func aReferenceToAModelTheConfigurationDoesNotStoreFailsAtTheContainer() {
    #expect(
      throws: PersistenceError.invalidSchema("BookRecord.shelfID refers to ShelfRecord, which 'Books' does not store")
    ) {
      try ModelContainer(for: BookRecord.self, configurations: ModelConfiguration("Books", isStoredInMemoryOnly: true))
    }
  }

  @Test func nullifyNeedsAnOptionalReference() {
    #expect(
      throws: PersistenceError.invalidSchema("BadLabelRecord.shelfID must be optional for the delete rule nullify")
    ) {
      try ModelContainer(
        for: ShelfRecord.self, BadLabelRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
  }
}

struct BadLabelRecord: PersistentModel {
  static let entity = Entity<BadLabelRecord>(relationships: [
    .belongsTo(\.shelfID, ShelfRecord.self, deleteRule: .nullify)
  ])
  var id: UUID
  var shelfID: UUID
}
