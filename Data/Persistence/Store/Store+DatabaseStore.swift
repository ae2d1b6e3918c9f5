import Repositories
import SQLiteCore

extension Store: DatabaseStore {
  var displayName: String { configuration.path }

  func repository<Model: PersistentModel>(
    of type: Model.Type, table: TableSchema, author: String?
  ) -> any StoreRepository<Model> {
    SQLiteRepository(store: self, table: table, author: author)
  }

  func writeNow<T>(
    author: String?, defersReferences: Bool, _ body: (any TransactionDispatch) throws -> T
  ) throws -> T {
    var result: T?
    do {
      try write(author: author) { state in
        if defersReferences { try state.connection.execute("PRAGMA defer_foreign_keys = ON") }
        let transaction = SQLiteTransaction(store: self, state: state)
        defer { transaction.end() }
        let value = try body(transaction)
        // A failed operation that could not be undone rolls the whole transaction back.
        if let failure = transaction.failure { throw failure }
        try transaction.finish()
        result = value
      }
    } catch let error as SQLiteError where error.isForeignKeyViolation {
      // A reference deferred to the commit, which found it broken.
      throw RepositoryError.constraintViolation("a saved model refers to one that does not exist")
    }
    // `write` returned, so `body` did.
    return result!
  }

  func write<T: Sendable>(author: String?, _ body: (any TransactionDispatch) throws -> T) async throws -> T {
    try writeNow(author: author, defersReferences: false, body)
  }

  func fetchHistory(_ page: HistoryPage) throws -> [HistoryTransaction] {
    try readHistory { connection in
      switch page.direction {
      case .after:
        try HistoryLog.transactions(
          after: page.token, authors: page.authors, limit: page.limit, changeLimit: page.changeLimit, on: connection)
      case .before:
        try HistoryLog.transactions(
          before: page.token, authors: page.authors, limit: page.limit, changeLimit: page.changeLimit, on: connection)
      }
    }
  }

  func fetchHistoryChanges(of token: HistoryToken, from offset: Int, limit: Int?) throws -> [HistoryChange] {
    try readHistory { try HistoryLog.changes(of: token, from: max(0, offset), limit: limit, on: $0) }
  }

  func fetchHistory(_ descriptor: HistoryDescriptor) throws -> [HistoryTransaction] {
    let query = try HistoryQuery(descriptor, dialect: Store.dialect)
    return try readHistory { try query.transactions(on: $0) }
  }

  func latestHistoryToken() throws -> HistoryToken? {
    try readHistory { try HistoryLog.latestToken(on: $0) }
  }

  func newestCommittedHistoryToken() throws -> HistoryToken? { try latestHistoryToken() }

  func deleteHistory(through token: HistoryToken) throws {
    try writeHistory { try HistoryLog.delete(through: token, on: $0) }
  }

  func deleteHistory(_ descriptor: HistoryDescriptor) throws {
    let query = try HistoryQuery(descriptor, dialect: Store.dialect)
    try writeHistory { try query.delete(on: $0) }
  }

  func observeHistory(
    after token: HistoryToken, authors: Set<String>?, models: Set<String>?, interval: Duration
  ) -> HistoryObserver {
    HistoryObserver { [self] in
      StoreHistoryIterator(
        store: self, last: token, authors: authors, models: models, watch: watchForCommits(interval: interval))
    }
  }

  func markIncomplete(_ note: String) throws {
    try write(replacesFiles: false) { state in
      try IncompleteMark.place(note, on: state.connection, path: configuration.path)
    }
  }

  func markComplete() throws {
    try write(replacesFiles: false) { state in try IncompleteMark.remove(on: state.connection) }
  }

  /// Runs a read of the history, on a store that keeps one.
  private func readHistory<T: Sendable>(_ read: (Connection) throws -> T) throws -> T {
    do {
      return try self.read { state in
        guard try HistoryLog.exists(on: state.connection) else { throw noHistory }
        return try read(state.connection)
      }
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw PersistenceError.cannotOpen(path: configuration.path, reason: "its history cannot be read: \(error)")
    }
  }

  /// Runs a deletion of history in a write transaction of a store that keeps one.
  private func writeHistory(_ delete: (Connection) throws -> Void) throws {
    do {
      // Deleting history changes no model, so it leaves no history of its own.
      try write(replacesFiles: false) { state in
        guard try HistoryLog.exists(on: state.connection) else { throw noHistory }
        try delete(state.connection)
      }
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw PersistenceError.cannotOpen(path: configuration.path, reason: "\(error)")
    }
  }

  private var noHistory: PersistenceError {
    .invalidSchema("the configuration '\(configuration.name)' keeps no history (ModelConfiguration.keepsHistory)")
  }
}
