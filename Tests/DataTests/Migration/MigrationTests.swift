import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

@Suite("Versioned schemas and migrations")
struct MigrationTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("library.store")
  }

  private var configuration: ModelConfiguration { ModelConfiguration("Library", url: url) }

  /// A version 1 store holding these books, closed again.
  private func versionOneStore(
    _ books: [BookV1], plan: (any SchemaMigrationPlan.Type)? = LibraryPlanV1.self
  ) async throws {
    let container = try ModelContainer(
      for: [BookV1.self, ShelfV1.self], migrationPlan: plan, configurations: [configuration])
    try await SQLiteRepository<BookV1>(container: container).insert(books)
    try await SQLiteRepository<ShelfV1>(container: container).insert(ShelfV1(name: "Hall"))
  }

  private func versionTwo(
    backup: Bool = false, plan: any SchemaMigrationPlan.Type = LibraryPlan.self
  ) throws -> ModelContainer {
    try ModelContainer(
      for: [BookV2.self, LoanV2.self], migrationPlan: plan, backupBeforeMigration: backup,
      configurations: [configuration])
  }

  private func description(of url: URL) throws -> SchemaDescription {
    try SchemaDescription.read(from: try Connection(location: .file(url.path), readOnly: true))
  }

  private func record(of url: URL) throws -> SchemaRecord? {
    try SchemaRecord.read(from: try Connection(location: .file(url.path), readOnly: true), path: url.path)
  }

  @Test func aNewStoreIsCreatedAtTheLatestVersionAndSaysSo() throws {
    _ = try versionTwo()
    #expect(try record(of: url)?.version == Schema.Version(2, 0, 0))
    #expect(try description(of: url).tables.map(\.name) == ["books", "loans"])
  }

  @Test func aLightweightMigrationKeepsEveryRowAndEndsLikeAFreshStore() async throws {
    let books = [BookV1(title: "Dune", pages: 412), BookV1(title: "Emma", pages: 474)]
    try await versionOneStore(books)
    let container = try versionTwo()
    let migrated = try await SQLiteRepository<BookV2>(container: container).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.name)]))
    #expect(
      migrated == [
        BookV2(id: books[0].id, name: "Dune", pages: 412, rating: nil, isbn: "unknown"),
        BookV2(id: books[1].id, name: "Emma", pages: 474, rating: nil, isbn: "unknown"),
      ])
    let fresh = folder.file("fresh.store")
    _ = try ModelContainer(
      for: [BookV2.self, LoanV2.self], migrationPlan: LibraryPlan.self,
      configurations: [ModelConfiguration("Fresh", url: fresh)])
    #expect(try description(of: url) == description(of: fresh), "tables, columns, indexes and foreign keys")
    #expect(try record(of: url) == record(of: fresh))
    // The new unique constraint holds.
    await #expect(throws: RepositoryError.self) {
      try await SQLiteRepository<BookV2>(container: container).insert(
        BookV2(name: "Dune", pages: 1, rating: nil, isbn: ""))
    }
  }

  @Test func aStoreFromBeforeVersioningIsAdoptedThenMigrated() async throws {
    try await versionOneStore([BookV1(title: "Dune", pages: 412)], plan: nil)
    #expect(try record(of: url) == nil)
    _ = try ModelContainer(
      for: [BookV1.self, ShelfV1.self], migrationPlan: LibraryPlanV1.self, configurations: [configuration])
    #expect(try record(of: url)?.version == Schema.Version(1, 0, 0))
    let container = try versionTwo()
    #expect(try await SQLiteRepository<BookV2>(container: container).fetchCount(FetchDescriptor()) == 1)
  }

  @Test func aUniqueConstraintTheRowsBreakIsRefusedAndTheStoreIsUntouched() async throws {
    try await versionOneStore([BookV1(title: "Dune", pages: 412), BookV1(title: "Dune", pages: 896)])
    let before = try Data(contentsOf: url)
    #expect {
      _ = try versionTwo()
    } throws: { error in
      guard case PersistenceError.migrationFailed(_, let reason) = error else { return false }
      return reason.contains("books cannot make (name) unique: 2 stored rows share ('Dune')")
    }
    #expect(try Data(contentsOf: url) == before)
    #expect(try record(of: url)?.version == Schema.Version(1, 0, 0))
  }

  @Test func aCustomStageSeesTheOldShapeThenTheNew() async throws {
    try await versionOneStore([BookV1(title: "Dune", pages: 412), BookV1(title: "Dune", pages: 896)])
    let container = try versionTwo(plan: LibraryCustomPlan.self)
    let books = try await SQLiteRepository<BookV2>(container: container).fetch(FetchDescriptor())
    #expect(books.count == 1)
    #expect(books.first?.rating == books.first.map { $0.pages / 100 })
  }

  @Test func aNewerOrUnknownStoreIsRefusedUntouched() async throws {
    _ = try versionTwo()
    let before = try Data(contentsOf: url)
    #expect(
      throws: PersistenceError.cannotOpen(
        path: url.path, reason: "the store is version 2.0.0, newer than this app's 1.0.0")
    ) {
      _ = try ModelContainer(
        for: [BookV1.self, ShelfV1.self], migrationPlan: LibraryPlanV1.self, configurations: [configuration])
    }
    #expect(try Data(contentsOf: url) == before)
    let other = folder.file("other.store")
    _ = try ModelContainer(for: [LoanV3.self, BookV2.self], configurations: [ModelConfiguration("Other", url: other)])
    #expect {
      _ = try ModelContainer(
        for: [BookV2.self, LoanV2.self], migrationPlan: LibraryPlan.self,
        configurations: [ModelConfiguration("Other", url: other)])
    } throws: { error in
      "\(error)".contains("match no known schema version")
    }
  }

  @Test func aDeleteRuleChangeRebuildsTheTableAndKeepsItsRows() async throws {
    let container = try versionTwo()
    let book = BookV2(name: "Dune", pages: 412, rating: 5, isbn: "x")
    try await SQLiteRepository<BookV2>(container: container).insert(book)
    try await SQLiteRepository<LoanV2>(container: container).insert(LoanV2(bookID: book.id, borrower: "Ann"))
    let v3 = try ModelContainer(
      for: [BookV2.self, LoanV3.self], migrationPlan: LibraryPlanV3.self, configurations: [configuration])
    #expect(try await SQLiteRepository<LoanV3>(container: v3).fetch(FetchDescriptor()).map(\.borrower) == ["Ann"])
    await #expect(throws: RepositoryError.self, "deny now refuses the delete") {
      try await SQLiteRepository<BookV2>(container: v3).delete(book)
    }
  }

  @Test func aBackupIsTakenFirstWhenAsked() async throws {
    try await versionOneStore([BookV1(title: "Dune", pages: 412)])
    _ = try versionTwo(backup: true)
    let backup = URL(fileURLWithPath: url.path + ".1.0.0.backup")
    #expect(try record(of: backup)?.version == Schema.Version(1, 0, 0))
    let old = try ModelContainer(
      for: [BookV1.self, ShelfV1.self], migrationPlan: LibraryPlanV1.self,
      configurations: [ModelConfiguration("Backup", url: backup, allowsSave: false)])
    #expect(try await SQLiteRepository<BookV1>(container: old).fetch(FetchDescriptor()).map(\.title) == ["Dune"])
  }

  @Test func aNewRequiredAttributeWithoutADefaultIsRefused() async throws {
    struct BookV2Strict: PersistentModel {
      var id = UUID()
      var title: String
      var pages: Int
      var year: Int
      static let entity = Entity<BookV2Strict>(table: "books", indexes: [Entity.Index(\.title)])
    }
    enum Strict: VersionedSchema {
      static let versionIdentifier = Schema.Version(2, 0, 0)
      static let models: [any PersistentModel.Type] = [BookV2Strict.self, ShelfV1.self]
    }
    enum StrictPlan: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [LibraryV1.self, Strict.self]
      static let stages: [MigrationStage] = []
    }
    try await versionOneStore([BookV1(title: "Dune", pages: 412)])
    #expect {
      _ = try ModelContainer(
        for: [BookV2Strict.self, ShelfV1.self], migrationPlan: StrictPlan.self, configurations: [configuration])
    } throws: { error in
      "\(error)".contains("books.year is new and not optional")
    }
  }

  @Test func droppingAUniqueConstraintChangesOnlyTheIndex() async throws {
    struct BookV3: PersistentModel, Hashable {
      var id = UUID()
      var name: String
      var pages: Int
      var rating: Int?
      var isbn: String
      static let entity = Entity<BookV3>(table: "books")
    }
    enum V3: VersionedSchema {
      static let versionIdentifier = Schema.Version(3, 0, 0)
      static let models: [any PersistentModel.Type] = [BookV3.self, LoanV2.self]
    }
    enum Plan: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [LibraryV2.self, V3.self]
      static let stages: [MigrationStage] = []
    }
    let v2 = try versionTwo(plan: LibraryPlan.self)
    try await SQLiteRepository<BookV2>(container: v2).insert(BookV2(name: "Dune", pages: 412, rating: nil, isbn: "x"))
    let v3 = try ModelContainer(
      for: [BookV3.self, LoanV2.self], migrationPlan: Plan.self, configurations: [configuration])
    try await SQLiteRepository<BookV3>(container: v3).insert(BookV3(name: "Dune", pages: 1, rating: nil, isbn: "y"))
    #expect(try await SQLiteRepository<BookV3>(container: v3).fetchCount(FetchDescriptor()) == 2)
    #expect(try description(of: url).tables.first { $0.name == "books" }?.indexes.isEmpty == true)
  }

  @Test func modelsThatAreNotThePlansLatestAreRefused() throws {
    #expect(throws: PersistenceError.self) {
      _ = try ModelContainer(
        for: [BookV1.self, ShelfV1.self], migrationPlan: LibraryPlan.self, configurations: [configuration])
    }
    #expect(!FileManager.default.fileExists(atPath: url.path), "nothing was created")
  }

  @Test func anOlderVersionIsResolvedOnlyWhenAStoreOfItIsOpened() async throws {
    // Given a plan whose version 1 cannot be resolved: a store of version 2 opens all the same.
    let latest = folder.file("latest.store")
    _ = try ModelContainer(
      for: [BookV2.self, LoanV2.self], migrationPlan: DraftLibraryPlan.self,
      configurations: [ModelConfiguration("Latest", url: latest)])
    try await versionOneStore([BookV1(title: "Dune", pages: 412)])
    let before = try Data(contentsOf: url)
    // When a store of version 1 is opened, its version is resolved, and the declaration refused.
    #expect(
      throws: PersistenceError.invalidSchema("an index of books names 'scratch', which is not a stored attribute")
    ) {
      _ = try versionTwo(plan: DraftLibraryPlan.self)
    }
    #expect(try Data(contentsOf: url) == before, "the store is left as it was")
  }

  @Test func aMigrationContextRefusesAModelOfAnotherVersion() async throws {
    let helper = MigrationTestHelper(plan: LibraryPlan.self, folder: folder)
    #expect {
      _ = try helper.createStore("mixed.store", at: LibraryV1.self) { context in
        try context.insert(BookV2(name: "Dune", pages: 1, rating: nil, isbn: ""))
      }
    } throws: { error in
      "\(error)".contains("BookV2 is not a model of schema version 1.0.0")
    }
  }
}
