import PostgresCore
import Repositories

extension PostgresStore: DatabaseStore {
  var displayName: String { displayURL }

  func repository<Model: PersistentModel>(
    of type: Model.Type, table: TableSchema, author: String?
  ) -> any StoreRepository<Model> {
    // The container found the table among this store's, so its definition is there.
    PostgresRepository(store: self, definition: definitions[ObjectIdentifier(type)]!, author: author)
  }

  /// Runs `body` in one transaction on the calling thread. PostgreSQL checks each reference
  /// as the statement that makes it runs, so `defersReferences` changes nothing: a model must
  /// be stored before one that refers to it.
  func writeNow<T>(
    author: String?, defersReferences: Bool, _ body: (any TransactionDispatch) throws -> T
  ) throws -> T {
    var bodyError: (any Error)?
    do {
      return try pool.transactionNow { connection in
        bodyError = nil
        try PostgresHistory.setAuthor(author, on: connection)
        let transaction = PostgresTransaction(store: self, connection: connection)
        defer { transaction.end() }
        let result: T
        do {
          result = try body(transaction)
        } catch {
          // A deadlock the body did not get past: the pool rolls back and runs it again.
          if let collision = transaction.collision { throw collision }
          bodyError = error
          throw error
        }
        if let failure = transaction.failure { throw transaction.collision ?? failure }
        return result
      }
    } catch {
      if let bodyError { throw bodyError }
      throw RepositoryError(error, modelName: "transaction")
    }
  }

  func write<T: Sendable>(author: String?, _ body: (any TransactionDispatch) throws -> T) async throws -> T {
    try await BlockingWork.run { try writeNow(author: author, defersReferences: false, body) }
  }

  func fetchHistory(_ page: HistoryPage) throws -> [HistoryTransaction] {
    try onConnection { connection in
      switch page.direction {
      case .after:
        try PostgresHistory.transactions(
          after: page.token, authors: page.authors, limit: page.limit, changeLimit: page.changeLimit, on: connection)
      case .before:
        try PostgresHistory.transactions(
          before: page.token, authors: page.authors, limit: page.limit, changeLimit: page.changeLimit, on: connection)
      }
    }
  }

  func fetchHistoryChanges(of token: HistoryToken, from offset: Int, limit: Int?) throws -> [HistoryChange] {
    try onConnection { try PostgresHistory.changes(of: token, from: max(0, offset), limit: limit, on: $0) }
  }

  func fetchHistory(_ descriptor: HistoryDescriptor) throws -> [HistoryTransaction] {
    let query = try HistoryQuery(descriptor, dialect: PostgresDialect())
    return try onConnection { connection in try transactions(of: query, on: connection) }
  }

  func latestHistoryToken() throws -> HistoryToken? {
    try onConnection { try PostgresHistory.latestToken(on: $0) }
  }

  func newestCommittedHistoryToken() throws -> HistoryToken? {
    try onConnection { try PostgresHistory.newestCommittedToken(on: $0) }
  }

  func deleteHistory(through token: HistoryToken) throws {
    try inTransaction { connection in
      for table in ["_history_changes", "_history_transactions"] {
        _ = try connection.query("DELETE FROM \"\(table)\" WHERE token <= $1", [.integer(token.value)])
      }
    }
  }

  func deleteHistory(_ descriptor: HistoryDescriptor) throws {
    let query = try HistoryQuery(descriptor, dialect: PostgresDialect())
    try inTransaction { connection in
      let tokens = try transactions(of: query, everyCommitted: true, on: connection).map { String($0.token.value) }
      guard !tokens.isEmpty else { return }
      let list = PostgresValue.text("{" + tokens.joined(separator: ",") + "}")
      for table in ["_history_changes", "_history_transactions"] {
        _ = try connection.query("DELETE FROM \"\(table)\" WHERE token = ANY($1::bigint[])", [list])
      }
    }
  }

  func observeHistory(
    after token: HistoryToken, authors: Set<String>?, models: Set<String>?, interval: Duration
  ) -> HistoryObserver {
    HistoryObserver { [self] in
      PostgresHistoryObserver(store: self, after: token, authors: authors, models: models).makeAsyncIterator()
    }
  }

  func markIncomplete(_ note: String) throws {
    let path = displayURL
    try inTransaction { connection in try IncompleteMark.place(note, on: connection, path: path) }
  }

  func markComplete() throws {
    try inTransaction { connection in try IncompleteMark.remove(on: connection) }
  }

  func close() throws(PersistenceError) {
    pool.close()
  }

  /// The transactions a history query describes.
  private func transactions(
    of query: HistoryQuery, everyCommitted: Bool = false, on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    try query.transactions { condition, limit in
      try PostgresHistory.transactions(where: condition, limit: limit, everyCommitted: everyCommitted, on: connection)
    }
  }

  /// Runs `body` on a connection of the pool on the calling thread.
  private func onConnection<T>(_ body: (PostgresConnection) throws -> T) throws(PersistenceError) -> T {
    do {
      return try pool.withConnectionNow(body)
    } catch {
      throw Self.failure(error)
    }
  }

  /// Runs `body` in a transaction on the calling thread.
  private func inTransaction(_ body: (PostgresConnection) throws -> Void) throws(PersistenceError) {
    do {
      try pool.transactionNow(body)
    } catch {
      throw Self.failure(error)
    }
  }
}
