public import Repositories
import SQLValues
import SQLiteCore

extension ModelContainer {
  /// The transactions committed after a token (from the first without one), oldest first; only
  /// those of the named authors when `authors` is given; at most `limit` of them when a limit is
  /// given: a page of the history, the next of which comes after the last one's token.
  ///
  /// A transaction holds every change it made, unless `changeLimit` is given: each then holds
  /// at most its first `changeLimit` changes, so that a page stays small whatever a transaction
  /// changed (an import of a million rows), and one that holds exactly that many may have more,
  /// which ``fetchHistoryChanges(of:from:limit:configuration:)`` reads from there on.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// var lastSynced: HistoryToken? = nil
  /// while true {
  ///   let page = try container.fetchHistory(after: lastSynced, limit: 100)
  ///   for transaction in page { print(transaction.changes.count, "changes by", transaction.author ?? "someone") }
  ///   guard let last = page.last else { break }
  ///   lastSynced = last.token
  /// }
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown or the history cannot be read.
  public func fetchHistory(
    after token: HistoryToken? = nil, authors: Set<String>? = nil, limit: Int? = nil, changeLimit: Int? = nil,
    configuration: String? = nil
  ) throws -> [HistoryTransaction] {
    try store(named: configuration).fetchHistory(
      HistoryPage(direction: .after, token: token, authors: authors, limit: limit, changeLimit: changeLimit))
  }

  /// The transactions committed before a token (before none, the newest), newest first; only
  /// those of the named authors when `authors` is given; at most `limit` of them when a limit is
  /// given, each with at most its first `changeLimit` changes: the history read backwards, a
  /// page at a time, as ``fetchHistory(after:authors:limit:changeLimit:configuration:)`` reads
  /// it forwards.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let lastTen = try container.fetchHistory(before: nil, limit: 10)
  /// let tenBefore = try container.fetchHistory(before: lastTen.last?.token, limit: 10)
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown or the history cannot be read.
  public func fetchHistory(
    before token: HistoryToken?, authors: Set<String>? = nil, limit: Int? = nil, changeLimit: Int? = nil,
    configuration: String? = nil
  ) throws -> [HistoryTransaction] {
    try store(named: configuration).fetchHistory(
      HistoryPage(direction: .before, token: token, authors: authors, limit: limit, changeLimit: changeLimit))
  }

  /// The changes of one committed transaction from the one at `offset` (from 0, in the order
  /// the transaction made them), at most `limit` of them when a limit is given: how a
  /// transaction too big to hold at once is read a slice at a time, after
  /// ``fetchHistory(after:authors:limit:changeLimit:configuration:)`` gave its first changes.
  /// Empty past the transaction's last change, or for a token the history does not hold.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// for transaction in try container.fetchHistory(limit: 10, changeLimit: 1_000) {
  ///   var slice = transaction.changes
  ///   var read = slice.count
  ///   while slice.count == 1_000 {
  ///     slice = try container.fetchHistoryChanges(of: transaction.token, from: read, limit: 1_000)
  ///     read += slice.count
  ///   }
  /// }
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown or the history cannot be read.
  public func fetchHistoryChanges(
    of token: HistoryToken, from offset: Int, limit: Int? = nil, configuration: String? = nil
  ) throws -> [HistoryChange] {
    try store(named: configuration).fetchHistoryChanges(of: token, from: offset, limit: limit)
  }

  /// The token of the newest committed transaction, or `nil` when the history is empty: the
  /// position a reader of the history has reached when it has read everything.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let reached = try container.latestHistoryToken()
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown or the history cannot be read.
  public func latestHistoryToken(configuration: String? = nil) throws -> HistoryToken? {
    try store(named: configuration).latestHistoryToken()
  }

  /// The token of the newest committed transaction, whether or not one begun before it is
  /// still running: what a check that nothing changed meanwhile compares. On a store file,
  /// whose commits are ordered, it is ``latestHistoryToken(configuration:)``; on a PostgreSQL
  /// database a transaction's token is taken when it begins, so a reader may not yet see this
  /// one (``history(after:authors:models:configuration:interval:)`` starts from the other).
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown or the history cannot be read.
  public func newestCommittedHistoryToken(configuration: String? = nil) throws -> HistoryToken? {
    try store(named: configuration).newestCommittedHistoryToken()
  }

  /// The transactions a descriptor describes, oldest first, with their typed changes.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let yesterday = Date.now.addingTimeInterval(-86_400)
  /// let recent = try container.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.timestamp > yesterday }))
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown, keeps no history, or the
  ///   history cannot be read.
  public func fetchHistory(_ descriptor: HistoryDescriptor, configuration: String? = nil) throws -> [HistoryTransaction]
  {
    try store(named: configuration).fetchHistory(descriptor)
  }

  /// Deletes the history up to and including a token, once every reader of it has caught up.
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown or the store cannot be written.
  public func deleteHistory(through token: HistoryToken, configuration: String? = nil) throws {
    try store(named: configuration).deleteHistory(through: token)
  }

  /// Deletes exactly the transactions a descriptor describes, with their changes.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let lastSynced = HistoryToken(1_000)
  /// try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.token <= lastSynced }))
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the configuration is unknown, keeps no history, or the
  ///   store cannot be written; the history is then left as it was.
  public func deleteHistory(_ descriptor: HistoryDescriptor, configuration: String? = nil) throws {
    try store(named: configuration).deleteHistory(descriptor)
  }

  /// The transactions committed from now on (or after a token), as they commit — in this
  /// process or any other writing the same store — filtered by author and model type name.
  ///
  /// A commit in this process wakes the observer at once. Another process's is heard as it
  /// commits: on Linux from the kernel's file events on the store's folder (inotify), confirmed
  /// by the newest history token, within a millisecond or two and at no cost while nothing
  /// changes; elsewhere, or where the kernel refuses a watch, by checking the store every
  /// `interval` (the shortest any observer of the store asked for). One watch per store serves
  /// all its observers, from the first iterator made to the last one gone. A rolled-back
  /// transaction is never seen.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` for an unknown configuration.
  public func history(
    after token: HistoryToken? = nil, authors: Set<String>? = nil, models: Set<String>? = nil,
    configuration: String? = nil, interval: Duration = .milliseconds(50)
  ) throws -> HistoryObserver {
    let store = try store(named: configuration)
    let start = try token ?? store.latestHistoryToken() ?? HistoryToken(0)
    return store.observeHistory(after: start, authors: authors, models: models, interval: interval)
  }

  /// The transactions committed from now on (or after a token) that change a model of the given
  /// types, as they commit, from any process; `interval` as in
  /// ``history(after:authors:models:configuration:interval:)``.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` for an unknown configuration.
  public func history(
    of types: [any PersistentModel.Type], after token: HistoryToken? = nil, authors: Set<String>? = nil,
    configuration: String? = nil, interval: Duration = .milliseconds(50)
  ) throws -> HistoryObserver {
    try history(
      after: token, authors: authors, models: Set(types.map { "\($0)" }), configuration: configuration,
      interval: interval)
  }

  /// The results of a descriptor now, then again after every commit that changes a model of its
  /// type — in this process or any other writing the same store, heard as
  /// ``history(after:authors:models:configuration:interval:)`` hears them.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// for try await top in try container.results(FetchDescriptor<Movie>(predicate: #Predicate { $0.rate >= 8 })) {
  ///   print(top.map(\.title))
  /// }
  /// ```
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if no configuration stores the model.
  public func results<Model: PersistentModel>(
    _ descriptor: FetchDescriptor<Model>, configuration: String? = nil, interval: Duration = .milliseconds(50)
  ) throws -> ResultsObserver<Model> {
    let (store, table) = try databaseStore(for: Model.self, configuration: configuration)
    let repository = store.repository(of: Model.self, table: table, author: nil)
    return ResultsObserver(
      repository: repository, descriptor: descriptor,
      changes: try history(models: ["\(Model.self)"], configuration: configuration, interval: interval))
  }
}
