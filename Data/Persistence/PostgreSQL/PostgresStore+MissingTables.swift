import PostgresCore

extension PostgresStore {
  /// The tables of `types` the database at `url` does not hold, by name, in the order of
  /// `types`: read without changing anything, for a program that must not create them — the
  /// source of a copy, a read-only tool — before it opens the store (which would).
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// if try await PostgresStore.missingTables(url: url, for: [Movie.self]).isEmpty {
  ///   let store = try await PostgresStore(url: url, for: [Movie.self])
  /// }
  /// ```
  ///
  /// Opening its connection waits up to `busyTimeout` for a full server
  /// (as `PostgresPool.busyTimeout` does).
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a model that cannot be stored;
  ///   ``PersistenceError/postgres(_:)`` if the server cannot be reached.
  public static func missingTables(
    url: String, for types: [any PersistentModel.Type], busyTimeout: Duration = .seconds(5)
  ) async throws(PersistenceError) -> [String] {
    let tables = try Schema(types).models.map { model throws(PersistenceError) in try model.resolveInRow() }
    do {
      return try await PostgresPool(url: url, size: 1, busyTimeout: busyTimeout).withConnection { connection in
        try tables.filter { table in
          try connection.query("SELECT to_regclass($1) IS NULL", [.text(table.quotedName)]).bool(row: 0, column: 0)
            ?? true
        }
        .map(\.name)
      }
    } catch {
      throw failure(error)
    }
  }
}
