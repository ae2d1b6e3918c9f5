import Catalog
import Foundation
import Persistence
import SQLiteCore

extension SQLiteMovieImportWriter {
  /// Gives a movie exactly these tags, creating the tags that do not exist yet: taggings of
  /// other tags are deleted, those it has already are kept as they are.
  mutating func setTags(_ names: [String], of movieID: UUID, isNew: Bool) throws {
    if isNew {
      // A new movie has no taggings, and the names are distinct: every one is inserted.
      for name in names { try insertTagging(movieID: movieID, tagID: try tagID(named: name)) }
      return
    }
    var current: [UUID: UUID] = [:]  // tag id → tagging id
    do {
      defer { findTaggings.reset() }
      try findTaggings.bind(SQLValue(movieID), at: 1)
      while try findTaggings.step() {
        if let tagging = findTaggings.uuid(at: 0), let tag = findTaggings.uuid(at: 1) { current[tag] = tagging }
      }
    }
    var wanted = Set<UUID>()
    for name in names {
      let tagID = try tagID(named: name)
      guard wanted.insert(tagID).inserted, current[tagID] == nil else { continue }
      try insertTagging(movieID: movieID, tagID: tagID)
    }
    for (tagID, tagging) in current where !wanted.contains(tagID) {
      defer { deleteTagging.reset() }
      try deleteTagging.bind(SQLValue(tagging), at: 1)
      _ = try deleteTagging.step()
      try state.history?.record(.delete, id: tagging, in: tables.taggings)
    }
  }

  private mutating func insertTagging(movieID: UUID, tagID: UUID) throws {
    let tagging = Tagging(id: uuids.make(), movieID: movieID, tagID: tagID)
    try taggingEncoder.encode(tagging)
    try taggingEncoder.run(insertTagging)
    try state.history?.record(.insert, id: tagging.id, in: tables.taggings)
  }

  /// The id of the tag with a name, inserting the tag if there is none.
  private mutating func tagID(named name: String) throws -> UUID {
    if let id = tagIDs[name] { return id }
    if tagIDs.count >= Self.rememberedTags { tagIDs.removeAll(keepingCapacity: true) }
    try findTag.bind(try SQLValue(swiftValue: name), at: 1)
    let found = try findTag.step() ? findTag.uuid(at: 0) : nil
    findTag.reset()
    let id: UUID
    if let found {
      id = found
    } else {
      let tag = MovieTag(id: uuids.make(), name: name)
      try tagEncoder.encode(tag)
      try tagEncoder.run(insertTag)
      try state.history?.record(.insert, id: tag.id, in: tables.tags)
      id = tag.id
    }
    tagIDs[name] = id
    return id
  }
}
