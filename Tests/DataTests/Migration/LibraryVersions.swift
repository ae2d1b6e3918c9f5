import Foundation
import Persistence
import Repositories

// A small library app whose schema changes from version 1 to version 2 in every way a
// lightweight migration handles: a renamed attribute, a new optional one, a new one with a
// default, an index dropped, a unique constraint added, a model removed and one added.

struct BookV1: PersistentModel, Hashable {
  var id = UUID()
  var title: String
  var pages: Int
  static let entity = Entity<BookV1>(table: "books", indexes: [Entity.Index(\.title)])
}

struct ShelfV1: PersistentModel, Hashable {
  var id = UUID()
  var name: String
  static let entity = Entity<ShelfV1>(table: "shelves")
}

struct BookV2: PersistentModel, Hashable {
  var id = UUID()
  var name: String
  var pages: Int
  var rating: Int?
  var isbn: String
  static let entity = Entity<BookV2>(
    table: "books", unique: [Entity.Unique(\.name)], renamed: [Entity.Rename(\.name, from: "title")],
    defaults: [Entity.Default(\.isbn, "unknown")])
}

struct LoanV2: PersistentModel, Hashable {
  var id = UUID()
  var bookID: UUID
  var borrower: String
  static let entity = Entity<LoanV2>(
    table: "loans", relationships: [.belongsTo(\.bookID, BookV2.self, deleteRule: .cascade)])
}

/// Version 3 changes only a delete rule.
struct LoanV3: PersistentModel, Hashable {
  var id = UUID()
  var bookID: UUID
  var borrower: String
  static let entity = Entity<LoanV3>(
    table: "loans", relationships: [.belongsTo(\.bookID, BookV2.self, deleteRule: .deny)])
}

enum LibraryV1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [BookV1.self, ShelfV1.self]
}

enum LibraryV2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [BookV2.self, LoanV2.self]
}

enum LibraryV3: VersionedSchema {
  static let versionIdentifier = Schema.Version(3, 0, 0)
  static let models: [any PersistentModel.Type] = [BookV2.self, LoanV3.self]
}

enum LibraryPlanV1: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LibraryV1.self]
  static let stages: [MigrationStage] = []
}

enum LibraryPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LibraryV1.self, LibraryV2.self]
  static let stages: [MigrationStage] = [.lightweight(fromVersion: LibraryV1.self, toVersion: LibraryV2.self)]
}

enum LibraryPlanV3: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LibraryV1.self, LibraryV2.self, LibraryV3.self]
  static let stages: [MigrationStage] = []
}

/// Version 2 reached through a custom stage: duplicate titles are merged in the old shape,
/// and every book gets a rating in the new one.
enum LibraryCustomPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LibraryV1.self, LibraryV2.self]
  static let stages: [MigrationStage] = [
    .custom(
      fromVersion: LibraryV1.self, toVersion: LibraryV2.self,
      willMigrate: { context in
        var seen = Set<String>()
        for book in try context.fetch(FetchDescriptor<BookV1>()) where !seen.insert(book.title).inserted {
          try context.delete(book)
        }
      },
      didMigrate: { context in
        for var book in try context.fetch(FetchDescriptor<BookV2>()) {
          book.rating = book.pages / 100
          try context.update(book)
        }
      })
  ]
}

/// Version 1's book declared wrongly: an index on a transient property, which no table can
/// have, so the version cannot be resolved.
struct DraftBookV1: PersistentModel, Hashable {
  static let entity = Entity<DraftBookV1>(table: "books", indexes: [\.scratch])
  enum CodingKeys: String, CodingKey { case id, title, pages }
  var id = UUID()
  var title: String
  var pages: Int
  var scratch = ""
}

enum DraftLibraryV1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [DraftBookV1.self, ShelfV1.self]
}

/// Versions 1 and 2 of the library, version 1 declared wrongly.
enum DraftLibraryPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [DraftLibraryV1.self, LibraryV2.self]
  static let stages: [MigrationStage] = []
}
