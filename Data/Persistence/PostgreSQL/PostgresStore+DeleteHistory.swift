import PostgresCore

extension PostgresStore {
  /// Deletes the transactions an author recorded in the history, with their changes: what a
  /// program that undid its own writes removes, so that no reader of the history sees them.
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the server refuses; nothing is deleted then.
  public func deleteHistory(author: String) async throws {
    let author = PostgresText.escaped(author)
    try await pool.transaction { connection in
      _ = try connection.query(
        #"DELETE FROM "_history_changes" WHERE token IN "#
          + #"(SELECT token FROM "_history_transactions" WHERE author = $1)"#, [.text(author)])
      _ = try connection.query(#"DELETE FROM "_history_transactions" WHERE author = $1"#, [.text(author)])
    }
  }
}
