import PostgresCore

/// The transactions of a PostgreSQL store as they commit, from any process on any machine: an
/// `AsyncSequence` that never ends by itself; stop iterating, or cancel the task, to stop.
///
/// Made by ``PostgresStore/history(after:authors:models:)``. Each iterator listens on the
/// history's channel (`LISTEN`) before it first reads, so no commit falls between a read and
/// the wait; it waits on the connection's socket, without polling, and reads again when a
/// commit is announced. A commit that waits behind a transaction still running (ids are taken
/// when transactions begin, so only those below the oldest one running are read) is read again
/// when the next commit is announced, or after 20 ms, then twice as long each time up to once a
/// second, until that transaction has ended: a transaction left open for minutes costs a read a
/// second, not fifty.
public struct PostgresHistoryObserver: AsyncSequence, Sendable {
  let store: PostgresStore
  let after: HistoryToken
  let authors: Set<String>?
  let models: Set<String>?

  /// Starts observing after the token the observer was made with.
  public func makeAsyncIterator() -> Iterator {
    Iterator(observer: self, last: after)
  }

  /// Yields each matching transaction once, in commit order.
  public struct Iterator: AsyncIteratorProtocol {
    let observer: PostgresHistoryObserver
    var last: HistoryToken
    var pending: [HistoryTransaction] = []
    var listening: Listening?
    /// How long to wait before reading again a commit held back by a transaction still running.
    var recheck = Self.firstRecheck

    /// The first wait for a commit held back, doubled at each look that still finds it so.
    static let firstRecheck = Duration.milliseconds(20)
    /// The longest wait for a commit held back.
    static let longestRecheck = Duration.seconds(1)

    init(observer: PostgresHistoryObserver, last: HistoryToken) {
      self.observer = observer
      self.last = last
    }

    /// The next matching transaction, waiting for it to commit.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; ``PersistenceError`` if the
    ///   history cannot be read or the server's connection is lost
    ///   (``PersistenceError/isConnectionLost``).
    public mutating func next() async throws -> HistoryTransaction? {
      do {
        return try await nextTransaction()
      } catch let error as CancellationError {
        throw error
      } catch {
        throw PostgresStore.failure(error)
      }
    }

    /// The next matching transaction, waiting for it to commit; throws what the server's
    /// connections throw.
    private mutating func nextTransaction() async throws -> HistoryTransaction? {
      while pending.isEmpty {
        try Task.checkCancellation()
        let listening = try self.listening ?? Listening(url: observer.store.pool.url)
        self.listening = listening
        // Taken before the read: a commit announced after it ends the wait below at once.
        let heard = listening.generation
        let after = last
        let (news, waiting) = try await observer.store.pool.withConnection { connection in
          let news = try PostgresHistory.transactions(after: after, authors: nil, on: connection)
          return (news, news.isEmpty ? try PostgresHistory.hasUnended(after: after, on: connection) : false)
        }
        if let newest = news.last?.token { last = newest }
        pending = news.filter { transaction in
          (observer.authors.map { authors in transaction.author.map(authors.contains) ?? false } ?? true)
            && (observer.models.map { !$0.isDisjoint(with: transaction.models) } ?? true)
        }
        guard news.isEmpty else {
          recheck = Self.firstRecheck
          continue
        }
        if waiting {
          // The transaction holding it back may commit with a notice, which ends the wait.
          try await listening.wait(after: heard, atMost: recheck)
          recheck = Swift.min(recheck * 2, Self.longestRecheck)
        } else {
          recheck = Self.firstRecheck
          try await listening.wait(after: heard)
        }
      }
      return pending.removeFirst()
    }
  }
}
