import Synchronization

/// The contexts of a store whose staged changes its close must save or refuse to drop: each
/// live context's, held weakly, and those an autosaving context left when it was released.
struct TrackedContexts: Sendable {
  /// A live context's changes, held weakly so that the store keeps no context alive.
  struct Live: Sendable {
    weak var changes: ContextChanges?
  }

  /// The changes of the contexts made on the store, while they live.
  var live: [Live] = []
  /// The changes autosaving contexts staged and did not save before they were released.
  var kept: [ContextChanges] = []
}

extension DatabaseStore {
  /// Follows a new context's staged changes, for ``saveContexts()``.
  func track(_ changes: ContextChanges) {
    contexts.withLock { contexts in
      contexts.live.removeAll { $0.changes == nil }
      contexts.live.append(TrackedContexts.Live(changes: changes))
    }
  }

  /// Keeps the changes of a context being released, when it autosaves and has some: its
  /// container's close saves them, as SwiftData's autosave would have.
  func keepIfAutosaving(_ changes: ContextChanges) {
    guard changes.withStaged({ $0.autosaves && !$0.isEmpty }) else { return }
    contexts.withLock { $0.kept.append(changes) }
  }

  /// Saves what the store's contexts staged, before the store closes: every change of a
  /// context that autosaves (``ModelContext/autosaveEnabled``), each context's in one
  /// transaction; none if a context that does not autosave holds changes, which closing would
  /// drop.
  ///
  /// - Throws: ``PersistenceError/unsavedChanges(path:reason:)`` when a context that does not
  ///   autosave holds changes, or an autosave fails; what is not saved stays staged, and the
  ///   store stays open.
  func saveContexts() throws(PersistenceError) {
    let (live, kept) = contexts.withLock { contexts in
      contexts.live.removeAll { $0.changes == nil }
      return (contexts.live.compactMap(\.changes), contexts.kept)
    }
    let unsaved = live.count { $0.withStaged { !$0.isEmpty && !$0.autosaves } }
    guard unsaved == 0 else {
      throw .unsavedChanges(
        path: displayName,
        reason: "\(unsaved == 1 ? "a context holds" : "\(unsaved) contexts hold") changes that are not saved, "
          + "and \(unsaved == 1 ? "it does" : "they do") not autosave; save or roll them back first")
    }
    for changes in live + kept {
      do {
        _ = try changes.autosave(to: self)
      } catch {
        throw .unsavedChanges(path: displayName, reason: "saving a context's changes failed: \(error)")
      }
    }
    contexts.withLock { $0.kept.removeAll { kept in kept.withStaged { $0.isEmpty } } }
  }
}
