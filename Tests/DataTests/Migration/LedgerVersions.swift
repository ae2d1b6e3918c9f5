import Foundation
import Persistence

// A small ledger app that adds a model to its current version, as a user adds one beside
// `Movie`: the same version 1.0.0 lists entries only before, entries and notes after.

struct LedgerEntryRecord: PersistentModel, Hashable {
  var id = UUID()
  var title: String
  static let entity = Entity<LedgerEntryRecord>(table: "entries", indexes: [Entity.Index(\.title)])
}

struct LedgerNoteRecord: PersistentModel, Hashable {
  var id = UUID()
  var entryID: UUID
  var text: String
  var pinned: Bool
  static let entity = Entity<LedgerNoteRecord>(
    table: "notes", indexes: [Entity.Index(\.pinned)], unique: [Entity.Unique(\.text)],
    relationships: [.belongsTo(\.entryID, LedgerEntryRecord.self, deleteRule: .cascade)])
}

/// Version 2 gives entries an amount.
struct LedgerEntryV2Record: PersistentModel, Hashable {
  var id = UUID()
  var title: String
  var amount: Int?
  static let entity = Entity<LedgerEntryV2Record>(table: "entries", indexes: [Entity.Index(\.title)])
}

/// A model that asks for one of the engine's own tables.
struct LedgerReservedRecord: PersistentModel {
  var id = UUID()
  static let entity = Entity<LedgerReservedRecord>(table: "_History_Transactions")
}

enum LedgerBefore: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [LedgerEntryRecord.self]
}

enum LedgerAfter: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [LedgerEntryRecord.self, LedgerNoteRecord.self]
}

enum LedgerV2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [LedgerEntryV2Record.self, LedgerNoteRecord.self]
}

enum LedgerPlanBefore: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LedgerBefore.self]
  static let stages: [MigrationStage] = []
}

enum LedgerPlanAfter: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LedgerAfter.self]
  static let stages: [MigrationStage] = []
}

enum LedgerPlanV2: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [LedgerAfter.self, LedgerV2.self]
  static let stages: [MigrationStage] = []
}
