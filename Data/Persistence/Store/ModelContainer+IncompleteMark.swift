import SQLValues

extension ModelContainer {
  /// Marks a store of the container incomplete, with a note saying why: for a task that fills
  /// it in many transactions (a copy, page by page), before its first write. Until
  /// ``markComplete(configuration:)``, every other opening of the store — in any process —
  /// fails with ``PersistenceError/cannotOpen(path:reason:)`` naming the note, and so does an
  /// opening after the task stopped midway, killed or its machine lost; the container that
  /// placed the mark goes on using the store.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// try container.markIncomplete("a copy from catalog.store is not done")
  /// // … the writes of the copy …
  /// try container.markComplete()
  /// ```
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the store is marked already
  ///   (another task fills it, or one stopped midway), or cannot be written.
  public func markIncomplete(_ note: String, configuration: String? = nil) throws {
    try store(named: configuration).markIncomplete(note)
  }

  /// Removes the mark ``markIncomplete(_:configuration:)`` placed: the task's last step, once
  /// the store holds all it should. A store without a mark is left as it is.
  ///
  /// - Throws: `PersistenceError` if the store cannot be written; it stays marked then.
  public func markComplete(configuration: String? = nil) throws {
    try store(named: configuration).markComplete()
  }
}
