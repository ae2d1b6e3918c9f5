import Foundation
import Persistence

/// A crate whose deletion keeps its name in the history, and deletes its clips.
struct CrateRecord: PersistentModel, Hashable {
  var id: UUID
  var name: String
  var rank: Int

  static let entity = Entity<CrateRecord>(table: "crates", preservedOnDeletion: [\.name])
}

/// A clip in a crate, deleted with it; its deletion keeps its text and pin in the history.
struct ClipRecord: PersistentModel, Hashable {
  var id: UUID
  var crateID: UUID
  var text: String
  var pinned: Bool?

  static let entity = Entity<ClipRecord>(
    table: "clips", relationships: [.belongsTo(\.crateID, CrateRecord.self, deleteRule: .cascade)],
    preservedOnDeletion: [\.text, \.pinned])
}

/// A sticker that may name a crate; deleting the crate sets its reference to `nil`.
struct StickerRecord: PersistentModel, Hashable {
  var id: UUID
  var crateID: UUID?
  var color: String

  static let entity = Entity<StickerRecord>(
    table: "stickers", relationships: [.belongsTo(\.crateID, CrateRecord.self, deleteRule: .nullify)])
}

/// A model that asks the history to keep an attribute stored in external files: refused.
struct ScanRecord: PersistentModel, Hashable {
  var id: UUID
  var pages: [Data]

  static let entity = Entity<ScanRecord>(externalStorage: [\.pages], preservedOnDeletion: [\.pages])
}
