import Repositories
import Synchronization

/// What a ``ModelContext`` has staged and not saved, kept where its store can reach it: closing
/// the container saves the changes of a context that autosaves, and refuses to close over those
/// of one that does not (`DatabaseStore.saveContexts()`), so that no change is ever dropped unseen.
///
/// The context and the container's close may run on different threads: every use of the
/// staged changes, and every save of them, holds the lock, so one save writes them once.
final class ContextChanges: Sendable {
  /// The staged changes and the context's settings.
  struct Staged: Sendable {
    /// The changes of single models.
    var changes = StagedChanges()
    /// The staged deletes by predicate.
    var batchDeletes: [StagedBatchDelete] = []
    /// The author the history records for a save.
    var author: String?
    /// Whether closing the container saves the changes (``ModelContext/autosaveEnabled``).
    var autosaves = false

    /// Whether nothing is staged.
    var isEmpty: Bool { changes.isEmpty && batchDeletes.isEmpty }
  }

  private let staged = Mutex(Staged())

  /// Runs `body` with the staged changes, under the lock.
  func withStaged<T: Sendable>(_ body: (inout Staged) throws -> T) rethrows -> T {
    try staged.withLock { staged in try body(&staged) }
  }
}

extension ContextChanges {
  /// Writes every staged change to `store` in one transaction and forgets them.
  ///
  /// - Throws: `RepositoryError`, as ``ModelContext/save()`` documents; every change is then
  ///   still staged.
  func save(to store: any DatabaseStore) throws {
    try withStaged { staged in try Self.save(&staged, to: store) }
  }

  /// Saves the staged changes when the context autosaves; returns whether changes that are not
  /// saved remain (the context does not autosave).
  ///
  /// - Throws: what ``save(to:)`` throws.
  func autosave(to store: any DatabaseStore) throws -> Bool {
    try withStaged { staged in
      guard !staged.isEmpty else { return false }
      guard staged.autosaves else { return true }
      try Self.save(&staged, to: store)
      return false
    }
  }

  private static func save(_ staged: inout Staged, to store: any DatabaseStore) throws {
    guard !staged.isEmpty else { return }
    let changes = staged.changes.all
    let batchDeletes = staged.batchDeletes
    for change in changes where store.tables[change.model.modelType] == nil {
      throw RepositoryError.unavailable("\(change.model.typeName) is not stored in this context's store")
    }
    do {
      // References are checked at the commit where the database can, so changes may be staged
      // in any order.
      try store.writeNow(author: staged.author, defersReferences: true) { transaction in
        try StagedChange.apply(changes, in: transaction)
        for delete in batchDeletes { try delete.apply(in: transaction) }
      }
    } catch {
      throw RepositoryError(error, modelName: changes.first?.model.typeName ?? batchDeletes.first?.typeName ?? "model")
    }
    staged.changes.removeAll()
    staged.batchDeletes.removeAll()
  }
}
