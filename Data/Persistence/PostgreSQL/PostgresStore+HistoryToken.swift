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

  /// The newest token of any committed transaction, whether or not the history's order has
  /// reached it (a transaction that began before it may still be running): it moves with a
  /// commit that records a change, whatever runs elsewhere on the server. `nil` when the
  /// history is empty.
  ///
  /// Compare it before and after reading the store to tell that nothing was written meanwhile;
  /// read the history after ``latestHistoryToken()`` instead, which stays behind any
  /// transaction still running.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// let before = try await store.newestCommittedHistoryToken()
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the history cannot be read.
  public func newestCommittedHistoryToken() async throws(PersistenceError) -> HistoryToken? {
    do {
      return try await pool.withConnection { try PostgresHistory.newestCommittedToken(on: $0) }
    } catch {
      throw Self.failure(error)
    }
  }
}
