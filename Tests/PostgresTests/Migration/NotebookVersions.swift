import Foundation
import Persistence
import Repositories

// A notebook app whose schema goes through three versions on PostgreSQL. Version 2 renames an
// attribute, adds an optional one and one with a default, makes a column unique, drops an
// index and a model and adds a model related to another; version 3 drops an attribute, makes
// one optional and changes a delete rule.

struct NoteV1: PersistentModel, Hashable {
  var id = UUID()
  var title: String
  var words: Int
  static let entity = Entity<NoteV1>(table: "notes", indexes: [Entity.Index(\.title)])
}

struct FolderV1: PersistentModel, Hashable {
  var id = UUID()
  var name: String
  static let entity = Entity<FolderV1>(table: "folders")
}

struct NoteV2: PersistentModel, Hashable {
  var id = UUID()
  var heading: String
  var words: Int
  var stars: Int?
  var language: String
  static let entity = Entity<NoteV2>(
    table: "notes", unique: [Entity.Unique(\.heading)], renamed: [Entity.Rename(\.heading, from: "title")],
    defaults: [Entity.Default(\.language, "en")])
}

struct LabelV2: PersistentModel, Hashable {
  var id = UUID()
  var noteID: UUID
  var text: String
  static let entity = Entity<LabelV2>(
    table: "labels", relationships: [.belongsTo(\.noteID, NoteV2.self, deleteRule: .cascade)])
}

struct NoteV3: PersistentModel, Hashable {
  var id = UUID()
  var heading: String
  var words: Int?
  var language: String
  static let entity = Entity<NoteV3>(table: "notes", unique: [Entity.Unique(\.heading)])
}

struct LabelV3: PersistentModel, Hashable {
  var id = UUID()
  var noteID: UUID
  var text: String
  static let entity = Entity<LabelV3>(
    table: "labels", relationships: [.belongsTo(\.noteID, NoteV3.self, deleteRule: .deny)])
}

enum NotebookV1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [NoteV1.self, FolderV1.self]
}

enum NotebookV2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [NoteV2.self, LabelV2.self]
}

enum NotebookV3: VersionedSchema {
  static let versionIdentifier = Schema.Version(3, 0, 0)
  static let models: [any PersistentModel.Type] = [NoteV3.self, LabelV3.self]
}

enum NotebookPlanV1: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self]
  static let stages: [MigrationStage] = []
}

enum NotebookPlanV2: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self]
  static let stages: [MigrationStage] = [.lightweight(fromVersion: NotebookV1.self, toVersion: NotebookV2.self)]
}

enum NotebookPlanV3: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self, NotebookV3.self]
  static let stages: [MigrationStage] = []
}

/// Version 2 through a custom stage: notes with a title seen before are deleted in the old
/// shape, and every note's stars are its words by the hundred in the new one. Each run of the
/// stage is counted in a table of its own, in the migration's transaction.
enum NotebookCustomPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self]
  static let stages: [MigrationStage] = [
    .custom(
      fromVersion: NotebookV1.self, toVersion: NotebookV2.self,
      willMigrate: { context in
        var seen = Set<String>()
        for note in try context.fetch(FetchDescriptor<NoteV1>(sortBy: [SortDescriptor(\.words)]))
        where !seen.insert(note.title).inserted {
          try context.delete(note)
        }
      },
      didMigrate: { context in
        for var note in try context.fetch(FetchDescriptor<NoteV2>()) {
          note.stars = note.words / 100
          try context.update(note)
        }
        try context.execute("CREATE TABLE IF NOT EXISTS stage_runs (at double precision)")
        try context.execute("INSERT INTO stage_runs VALUES (1)")
      })
  ]
}

/// A stage that fails after it has changed rows in the new shape.
enum NotebookFailingPlan: SchemaMigrationPlan {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "the notebook refuses to move" }
  }

  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self]
  static let stages: [MigrationStage] = [
    .custom(
      fromVersion: NotebookV1.self, toVersion: NotebookV2.self, willMigrate: nil,
      didMigrate: { context in
        for var note in try context.fetch(FetchDescriptor<NoteV2>()) {
          note.heading += " (moved)"
          try context.update(note)
        }
        try context.insert(NoteV2(heading: "Added", words: 1, language: "fr"))
        throw Refused()
      })
  ]
}

/// Version 3 through a custom stage that, in version 2's shape, deletes the notes a label
/// "spoiler" refers to: a reference filter over version 2's own tables.
enum NotebookSpoilerPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self, NotebookV3.self]
  static let stages: [MigrationStage] = [
    .custom(
      fromVersion: NotebookV2.self, toVersion: NotebookV3.self,
      willMigrate: { context in
        var spoiled = FetchDescriptor<NoteV2>()
        spoiled.keepReferenced(by: \LabelV2.noteID, to: \NoteV2.id, where: #Predicate { $0.text == "spoiler" })
        for note in try context.fetch(spoiled) { try context.delete(note) }
      }, didMigrate: nil)
  ]
}

/// A pin of version 5, which goes with its note.
struct PinV5: PersistentModel, Hashable {
  var id = UUID()
  var noteID: UUID
  static let entity = Entity<PinV5>(
    table: "pins", relationships: [.belongsTo(\.noteID, NoteV2.self, deleteRule: .cascade)])
}

/// A pin of version 6, which keeps its note: the versions' tables differ only in this rule.
struct PinV6: PersistentModel, Hashable {
  var id = UUID()
  var noteID: UUID
  static let entity = Entity<PinV6>(
    table: "pins", relationships: [.belongsTo(\.noteID, NoteV2.self, deleteRule: .deny)])
}

enum PinsV5: VersionedSchema {
  static let versionIdentifier = Schema.Version(5, 0, 0)
  static let models: [any PersistentModel.Type] = [NoteV2.self, PinV5.self]
}

enum PinsV6: VersionedSchema {
  static let versionIdentifier = Schema.Version(6, 0, 0)
  static let models: [any PersistentModel.Type] = [NoteV2.self, PinV6.self]
}

enum PinsPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [PinsV5.self, PinsV6.self]
  static let stages: [MigrationStage] = [.lightweight(fromVersion: PinsV5.self, toVersion: PinsV6.self)]
}
