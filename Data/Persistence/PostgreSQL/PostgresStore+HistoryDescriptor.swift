import PostgresCore

extension PostgresStore {
  /// The transactions a descriptor describes, oldest first, with their typed changes: as
  /// `ModelContainer.fetchHistory(_:configuration:)` reads a store file's, through PostgreSQL's
  /// SQL (a predicate SQL cannot say exactly — text matched by Swift's characters — bounds the
  /// rows read, and Swift checks each).
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// let imports = try await store.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "importer" }))
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the history cannot be read.
  public func fetchHistory(_ descriptor: HistoryDescriptor) async throws(PersistenceError) -> [HistoryTransaction] {
    let query = try HistoryQuery(descriptor, dialect: PostgresDialect())
    do {
      return try await pool.withConnection { connection in
        try query.transactions { condition, limit in
          try PostgresHistory.transactions(where: condition, limit: limit, on: connection)
        }
      }
    } catch {
      throw Self.failure(error)
    }
  }
}
