import SQLiteCore

/// The transactions of a store as they commit, from any process: an `AsyncSequence` that
/// never ends by itself; stop iterating, or cancel the task, to stop observing.
///
/// Made by ``ModelContainer/history(after:authors:models:configuration:interval:)``.
public struct HistoryObserver: AsyncSequence, Sendable {
  let store: Store
  let after: HistoryToken
  let authors: Set<String>?
  let models: Set<String>?
  let interval: Duration

  /// Starts observing after the token the observer was made with, and holds the store's watch
  /// for other processes' commits until the iterator goes.
  public func makeAsyncIterator() -> Iterator {
    Iterator(observer: self, last: after, watch: store.watchForCommits(interval: interval))
  }

  /// Yields each matching transaction once, in commit order.
  public struct Iterator: AsyncIteratorProtocol {
    let observer: HistoryObserver
    var last: HistoryToken
    var pending: [HistoryTransaction] = []
    /// This iterator's hold on the store's watch.
    let watch: StoreWatcher.Lease?

    init(observer: HistoryObserver, last: HistoryToken, watch: StoreWatcher.Lease?) {
      self.observer = observer
      self.last = last
      self.watch = watch
    }

    /// The next matching transaction, waiting for it to commit.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; ``PersistenceError`` if the
    ///   history cannot be read, or the store's file was removed or replaced by another file.
    public mutating func next() async throws -> HistoryTransaction? {
      while pending.isEmpty {
        try Task.checkCancellation()
        try observer.store.checkFileInPlace()
        let generation = observer.store.commits.generation
        let after = last
        let news = try observer.store.read { state in
          try HistoryLog.transactions(after: after, authors: nil, limit: 1_000, on: state.connection)
        }
        if let newest = news.last?.token { last = newest }
        pending = news.filter { transaction in
          (observer.authors.map { authors in transaction.author.map(authors.contains) ?? false } ?? true)
            && (observer.models.map { !$0.isDisjoint(with: transaction.models) } ?? true)
        }
        // A commit in this process wakes the observer at once; other processes' are found by
        // the store's watcher.
        if news.isEmpty { await observer.store.commits.wait(after: generation) }
      }
      return pending.removeFirst()
    }
  }
}
