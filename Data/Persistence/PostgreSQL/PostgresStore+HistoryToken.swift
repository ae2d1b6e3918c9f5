import PostgresCore

extension PostgresStore {
  /// The token of the newest transaction that has ended, or `nil` when the history is empty:
  /// the position a reader of the history has reached when it has read everything.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// let reached = try await store.latestHistoryToken()
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the history cannot be read.
  public func latestHistoryToken() async throws(PersistenceError) -> HistoryToken? {
    do {
      return try await pool.withConnection { try PostgresHistory.latestToken(on: $0) }
    } catch {
      throw Self.failure(error)
    }
  }
}
