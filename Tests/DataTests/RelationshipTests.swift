import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

/// Parents and children with each delete rule, to see what deleting a parent does.
struct Shelf: PersistentModel, Equatable {
  var id: UUID
  var name: String
}

struct Book: PersistentModel, Equatable {
  static let entity = Entity<Book>(relationships: [.belongsTo(\.shelfID, Shelf.self, deleteRule: .cascade)])
  var id: UUID
  var shelfID: UUID
}

struct Loan: PersistentModel, Equatable {
  static let entity = Entity<Loan>(relationships: [.belongsTo(\.shelfID, Shelf.self, deleteRule: .deny)])
  var id: UUID
  var shelfID: UUID
}

struct Label: PersistentModel, Equatable {
  static let entity = Entity<Label>(relationships: [.belongsTo(\.shelfID, Shelf.self, deleteRule: .nullify)])
  var id: UUID
  var shelfID: UUID?
}

struct ShelfNote: PersistentModel, Equatable {
  static let entity = Entity<ShelfNote>(relationships: [.belongsTo(\.shelfID, Shelf.self, deleteRule: .noAction)])
  var id: UUID
  var shelfID: UUID
}

@Suite("Relationships and delete rules, as foreign keys")
struct RelationshipTests {
  let shelves: SQLiteRepository<Shelf>
  let books: SQLiteRepository<Book>
  let loans: SQLiteRepository<Loan>
  let labels: SQLiteRepository<Label>
  let notes: SQLiteRepository<ShelfNote>
  let shelf = Shelf(id: UUID(), name: "Horror")

  init() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Shelf.self, Book.self, Loan.self, Label.self, ShelfNote.self,
      configurations: ModelConfiguration("Library", url: folder.file("library.store")))
    shelves = try SQLiteRepository(container: container)
    books = try SQLiteRepository(container: container)
    loans = try SQLiteRepository(container: container)
    labels = try SQLiteRepository(container: container)
    notes = try SQLiteRepository(container: container)
    try await shelves.insert(shelf)
  }

  @Test func cascadeDeletesTheChildren() async throws {
    try await books.insert([Book(id: UUID(), shelfID: shelf.id), Book(id: UUID(), shelfID: shelf.id)])
    try await shelves.delete(shelf)
    #expect(try await books.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func denyRefusesTheDeleteAndChangesNothing() async throws {
    let loan = Loan(id: UUID(), shelfID: shelf.id)
    try await loans.insert(loan)
    await #expect(
      throws: RepositoryError.constraintViolation(
        "Shelf cannot be deleted while Loan, ShelfNote refer to it (delete rule deny)")
    ) {
      try await shelves.delete(shelf)
    }
    #expect(try await shelves.fetchAll() == [shelf])
    #expect(try await loans.fetchAll() == [loan])
  }

  @Test func nullifyClearsTheReference() async throws {
    let label = Label(id: UUID(), shelfID: shelf.id)
    try await labels.insert(label)
    try await shelves.delete(shelf)
    #expect(try await labels.fetchAll() == [Label(id: label.id, shelfID: nil)])
  }

  @Test func noActionStillRefusesADanglingReferenceAtCommit() async throws {
    try await notes.insert(ShelfNote(id: UUID(), shelfID: shelf.id))
    await #expect(throws: RepositoryError.self) { try await shelves.delete(shelf) }
    #expect(try await shelves.fetchCount(FetchDescriptor()) == 1)
  }

  @Test func aChildOfAMissingParentIsRefused() async throws {
    await #expect(throws: RepositoryError.constraintViolation("Book refers to a model that does not exist")) {
      try await books.insert(Book(id: UUID(), shelfID: UUID()))
    }
  }

  @Test func aReferenceToAModelTheConfigurationDoesNotStoreFailsAtTheContainer() {
    #expect(throws: PersistenceError.invalidSchema("Book.shelfID refers to Shelf, which 'Books' does not store")) {
      try ModelContainer(for: Book.self, configurations: ModelConfiguration("Books", isStoredInMemoryOnly: true))
    }
  }

  @Test func nullifyNeedsAnOptionalReference() {
    #expect(throws: PersistenceError.invalidSchema("BadLabel.shelfID must be optional for the delete rule nullify")) {
      try ModelContainer(
        for: Shelf.self, BadLabel.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
  }
}

struct BadLabel: PersistentModel {
  static let entity = Entity<BadLabel>(relationships: [.belongsTo(\.shelfID, Shelf.self, deleteRule: .nullify)])
  var id: UUID
  var shelfID: UUID
}
