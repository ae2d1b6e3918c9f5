import PostgresCore

extension PostgresStore {
  /// The changes of one committed transaction from the one at `offset` (from 0, in the order
  /// the transaction made them), at most `limit` of them when a limit is given: how a
  /// transaction too big to hold at once is read a slice at a time, after
  /// ``fetchHistory(after:authors:limit:changeLimit:)`` gave its first changes, as
  /// `ModelContainer.fetchHistoryChanges(of:from:limit:configuration:)` reads a store file's.
  /// Empty past the transaction's last change, or for a token the history does not hold.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// for transaction in try await store.fetchHistory(limit: 10, changeLimit: 1_000) {
  ///   var slice = transaction.changes
  ///   var read = slice.count
  ///   while slice.count == 1_000 {
  ///     slice = try await store.fetchHistoryChanges(of: transaction.token, from: read, limit: 1_000)
  ///     read += slice.count
  ///   }
  /// }
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the history cannot be read.
  public func fetchHistoryChanges(
    of token: HistoryToken, from offset: Int, limit: Int? = nil
  ) async throws(PersistenceError) -> [HistoryChange] {
    do {
      return try await pool.withConnection { connection in
        try PostgresHistory.changes(of: token, from: offset, limit: limit, on: connection)
      }
    } catch {
      throw Self.failure(error)
    }
  }
}
