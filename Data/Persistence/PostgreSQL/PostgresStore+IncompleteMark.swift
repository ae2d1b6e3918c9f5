import PostgresCore

extension PostgresStore {
  /// Marks the store incomplete, with a note saying why: for a task that fills it in many
  /// transactions (a copy, page by page), before its first write, as
  /// `ModelContainer.markIncomplete(_:configuration:)` marks a store file. Until
  /// ``markComplete()``, every other opening of the store — by any process, on any machine —
  /// fails with ``PersistenceError/cannotOpen(path:reason:)`` naming the note, and so does an
  /// opening after the task stopped midway (killed, or the server stopped); this store goes on.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// try await store.markIncomplete("a copy from catalog.store is not done")
  /// // … the writes of the copy …
  /// try await store.markComplete()
  /// ```
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the store is marked already
  ///   (another task fills it, or one stopped midway); ``PersistenceError/postgres(_:)`` if the
  ///   server cannot be reached or refuses.
  public func markIncomplete(_ note: String) async throws(PersistenceError) {
    let path = displayURL
    do {
      try await pool.transaction { connection in
        try IncompleteMark.place(note, on: connection, path: path)
      }
    } catch {
      throw Self.failure(error)
    }
  }

  /// Removes the mark ``markIncomplete(_:)`` placed: the task's last step, once the store holds
  /// all it should. A store without a mark is left as it is.
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the server cannot be reached or refuses; the
  ///   store stays marked then.
  public func markComplete() async throws(PersistenceError) {
    do {
      try await pool.transaction { connection in try IncompleteMark.remove(on: connection) }
    } catch {
      throw Self.failure(error)
    }
  }
}
