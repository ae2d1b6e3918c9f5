import Foundation
import Persistence

/// A shelf of books whose title and blurb are searchable, and notes that go with their book.
struct SearchBookRecord: PersistentModel, Equatable {
  var id = UUID()
  var title: String
  var blurb: String?
  var pages = 0
  static let entity = Entity<SearchBookRecord>(table: "books", searchable: [\.title, \.blurb])
}

/// A note on a book, deleted with it.
struct SearchNoteRecord: PersistentModel, Equatable {
  var id = UUID()
  var bookID: UUID
  var text: String
  static let entity = Entity<SearchNoteRecord>(
    table: "notes", relationships: [.belongsTo(\.bookID, SearchBookRecord.self, deleteRule: .cascade)],
    searchable: [\.text])
}

/// The same book before it declared anything searchable.
struct PlainBookRecord: PersistentModel, Equatable {
  var id = UUID()
  var title: String
  var blurb: String?
  var pages = 0
  static let entity = Entity<PlainBookRecord>(table: "books")
}

/// The shelf's versions: plain books, then searchable ones (a lightweight stage creates and fills
/// the index), then plain again (the next stage drops it).
enum SearchShelfV1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [PlainBookRecord.self]
}

enum SearchShelfV2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [SearchBookRecord.self]
}

enum SearchShelfV3: VersionedSchema {
  static let versionIdentifier = Schema.Version(3, 0, 0)
  static let models: [any PersistentModel.Type] = [PlainBookRecord.self]
}

enum SearchShelfPlanV1: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [SearchShelfV1.self]
  static let stages: [MigrationStage] = []
}

enum SearchShelfPlanV2: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [SearchShelfV1.self, SearchShelfV2.self]
  static let stages: [MigrationStage] = [.lightweight(fromVersion: SearchShelfV1.self, toVersion: SearchShelfV2.self)]
}

enum SearchShelfPlanV3: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [SearchShelfV1.self, SearchShelfV2.self, SearchShelfV3.self]
  static let stages: [MigrationStage] = [
    .lightweight(fromVersion: SearchShelfV1.self, toVersion: SearchShelfV2.self),
    .lightweight(fromVersion: SearchShelfV2.self, toVersion: SearchShelfV3.self),
  ]
}
