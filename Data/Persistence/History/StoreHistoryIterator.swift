/// A SQLite store's transactions as they commit, from any process: what a
/// ``HistoryObserver`` of a store file or an in-memory store iterates.
struct StoreHistoryIterator: AsyncIteratorProtocol {
  let store: Store
  var last: HistoryToken
  let authors: Set<String>?
  let models: Set<String>?
  var pending: [HistoryTransaction] = []
  /// This iterator's hold on the store's watch.
  let watch: StoreWatcher.Lease?

  init(store: Store, last: HistoryToken, authors: Set<String>?, models: Set<String>?, watch: StoreWatcher.Lease?) {
    self.store = store
    self.last = last
    self.authors = authors
    self.models = models
    self.watch = watch
  }

  /// The next matching transaction, waiting for it to commit.
  mutating func next() async throws -> HistoryTransaction? {
    while pending.isEmpty {
      try Task.checkCancellation()
      try store.checkFileInPlace()
      let generation = store.commits.generation
      let after = last
      let news = try store.read { state in
        try HistoryLog.transactions(after: after, authors: nil, limit: 1_000, on: state.connection)
      }
      if let newest = news.last?.token { last = newest }
      pending = news.filter { transaction in
        (authors.map { authors in transaction.author.map(authors.contains) ?? false } ?? true)
          && (models.map { !$0.isDisjoint(with: transaction.models) } ?? true)
      }
      // A commit in this process wakes the observer at once; other processes' are found by
      // the store's watcher.
      if news.isEmpty { await store.commits.wait(after: generation) }
    }
    return pending.removeFirst()
  }
}
