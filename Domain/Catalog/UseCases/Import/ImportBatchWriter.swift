import Foundation
import Repositories

/// Writes the batches of one import inside a unit of work's transaction: each batch's movies in
/// one upsert, then their tags, and counts what became of each row.
///
/// Tag ids are remembered by name for the rest of the import, up to a bound that keeps memory
/// flat; the store remembers which movies the import wrote.
struct ImportBatchWriter {
  static let rememberedTags = 10_000
  /// The most tags of a new movie told apart by looking through its links, not by a set.
  static let tagsLookedThrough = 16
  /// How many movies' taggings one fetch reads.
  static let movieIDsPerFetch = 200

  private let changes: any RepositoryTransaction
  private var tagIDs: [String: UUID] = [:]
  /// New movies' and taggings' identifiers, each greater than the last, so that they are
  /// stored beside one another in the tables' key indexes (see ``TimeOrderedUUIDs``).
  private var newIDs = TimeOrderedUUIDs()

  init(_ changes: any RepositoryTransaction) {
    self.changes = changes
  }

  /// Writes the rows, counts them in `done`, and passes each refused one to `invalid`.
  mutating func write(
    _ rows: [MovieImportRow], into done: inout ImportProgress, invalid: (ImportProblem) -> Void
  ) throws {
    let outcomes = try changes.upsert(rows.map { $0.upsert(newID: newIDs.make()) })
    var tagged: [(row: MovieImportRow, id: UUID, isNew: Bool)] = []
    for (index, outcome) in outcomes.enumerated() {
      let row = rows[index]
      switch outcome {
      case .inserted(let id):
        done.rowsAdded += 1
        if row.fields.contains(.tags) { tagged.append((row, id, true)) }
      case .updated(let id), .unchanged(let id):
        if row.fields.contains(.tags) { tagged.append((row, id, false)) }
      case .repeated(_, let origin):
        done.invalidRows += 1
        invalid(ImportProblem(line: row.line, field: "row", reason: "line \(origin) already imports this movie"))
      case .conflict(let id):
        done.invalidRows += 1
        let reason =
          "another movie (\(id.uuidString.lowercased())) has this title and date; "
          + "a title and date belong to one movie"
        invalid(ImportProblem(line: row.line, field: "row", reason: reason))
      }
    }
    let retagged = try setTags(of: tagged)
    for outcome in outcomes {
      switch outcome {
      case .updated: done.rowsUpdated += 1
      case .unchanged(let id): if retagged.contains(id) { done.rowsUpdated += 1 } else { done.rowsUnchanged += 1 }
      case .inserted, .repeated, .conflict: break
      }
    }
  }

  /// Gives each movie exactly its row's tags, creating the tags that do not exist yet: taggings
  /// of other tags are deleted, those it has already are kept. Returns the stored movies whose
  /// tags changed.
  private mutating func setTags(of movies: [(row: MovieImportRow, id: UUID, isNew: Bool)]) throws -> Set<UUID> {
    guard !movies.isEmpty else { return [] }
    try rememberTags(named: movies.flatMap(\.row.tags))
    // A new movie has no taggings yet; a stored one's are read, a few hundred movies at a time: a
    // short list of ids is looked up by the taggings' index.
    let stored = movies.filter { !$0.isNew }.map(\.id)
    var current: [UUID: [Tagging]] = [:]
    for start in stride(from: 0, to: stored.count, by: Self.movieIDsPerFetch) {
      let ids = Array(stored[start..<min(start + Self.movieIDsPerFetch, stored.count)])
      for tagging in try changes.fetch(FetchDescriptor<Tagging>(predicate: #Predicate { ids.contains($0.movieID) })) {
        current[tagging.movieID, default: []].append(tagging)
      }
    }
    var links: [(movieID: UUID, tagID: UUID)] = []
    var removed: [UUID] = []
    var changed = Set<UUID>()
    for (row, id, isNew) in movies {
      guard !isNew else {
        // Nothing to keep or remove: a link to each of its tags, each once. A row's few links
        // are told apart by looking through them, many by a set, so the work stays linear.
        let first = links.count
        var linked = Set<UUID>()
        for name in row.tags {
          guard let tagID = tagIDs[name] else { continue }
          let isNew =
            row.tags.count <= Self.tagsLookedThrough
            ? !links[first...].contains(where: { $0.tagID == tagID }) : linked.insert(tagID).inserted
          if isNew { links.append((id, tagID)) }
        }
        if links.count > first { changed.insert(id) }
        continue
      }
      let wanted = Set(row.tags.compactMap { tagIDs[$0] })
      let has = current[id] ?? []
      let kept = Set(has.map(\.tagID))
      for tagging in has where !wanted.contains(tagging.tagID) { removed.append(tagging.id) }
      for tagID in wanted.subtracting(kept) { links.append((id, tagID)) }
      if kept != wanted { changed.insert(id) }
    }
    // In the order of the (movie, tag) index, whose keys, and the movies' they refer to, are
    // then looked up and written one beside the other; the new ids grow in the same order.
    links.sort { lhs, rhs in
      let (left, right) = (Self.sortKey(lhs.movieID), Self.sortKey(rhs.movieID))
      return left != right ? left < right : Self.sortKey(lhs.tagID) < Self.sortKey(rhs.tagID)
    }
    let added = links.map { Tagging(id: newIDs.make(), movieID: $0.movieID, tagID: $0.tagID) }
    if !removed.isEmpty { try changes.delete(ids: removed, of: Tagging.self) }
    // Upserted rather than inserted: a batch upsert needs no savepoint, and loads a table that
    // was empty without its plain indexes. Each tagging is new, so each is inserted.
    for (tagging, outcome) in zip(added, try changes.upsert(added.map { Upsert($0) }))
    where outcome != .inserted(tagging.id) {
      throw RepositoryError.constraintViolation("the tagging of movie \(tagging.movieID) was not stored: \(outcome)")
    }
    return changed
  }

  /// An identifier as two integers that compare as its bytes do, the first byte first: the
  /// order of a store's index, as `UUID`'s `<` gives it, without its byte-by-byte loop.
  private static func sortKey(_ id: UUID) -> (UInt64, UInt64) {
    withUnsafeBytes(of: id.uuid) { bytes in
      (
        UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }

  /// Looks up, or creates, the tags with these names that are not remembered yet; afterwards
  /// every one of them is remembered.
  private mutating func rememberTags(named names: [String]) throws {
    var seen = Set<String>()
    var missing = names.filter { tagIDs[$0] == nil && seen.insert($0).inserted }
    guard !missing.isEmpty else { return }
    if tagIDs.count + missing.count > Self.rememberedTags {
      // Forgotten, the batch's other tags must be looked up again too.
      tagIDs.removeAll(keepingCapacity: true)
      seen.removeAll()
      missing = names.filter { seen.insert($0).inserted }
    }
    let outcomes = try changes.upsert(
      missing.map { Upsert(MovieTag(name: $0), matching: .identifierOrUniqueKey, properties: []) })
    for (name, outcome) in zip(missing, outcomes) {
      switch outcome {
      case .inserted(let id), .updated(let id), .unchanged(let id), .repeated(let id, _): tagIDs[name] = id
      case .conflict(let id):
        throw RepositoryError.constraintViolation("the tag \(name) clashes with the stored tag \(id)")
      }
    }
  }
}
