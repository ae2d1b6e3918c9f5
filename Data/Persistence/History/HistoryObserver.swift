/// The transactions of a store as they commit, from any process: an `AsyncSequence` that
/// never ends by itself; stop iterating, or cancel the task, to stop observing.
///
/// Made by ``ModelContainer/history(after:authors:models:configuration:interval:)``, on a
/// store file or a PostgreSQL database alike.
public struct HistoryObserver: AsyncSequence, Sendable {
  /// Makes the iterator of the store's database, which starts observing.
  private let start: @Sendable () -> any AsyncIteratorProtocol<HistoryTransaction, any Error>

  /// An observer whose iterators the store's database makes.
  init(_ start: @escaping @Sendable () -> any AsyncIteratorProtocol<HistoryTransaction, any Error>) {
    self.start = start
  }

  /// Starts observing after the token the observer was made with: a store file's watch for
  /// other processes' commits, or a database's channel, is held until the iterator goes.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: start())
  }

  /// Yields each matching transaction once, in commit order.
  public struct Iterator: AsyncIteratorProtocol {
    var base: any AsyncIteratorProtocol<HistoryTransaction, any Error>

    /// The next matching transaction, waiting for it to commit.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; ``PersistenceError`` if the
    ///   history cannot be read, the store's file was removed or replaced by another file, or
    ///   the server's connection is lost (``PersistenceError/isConnectionLost``).
    public mutating func next() async throws -> HistoryTransaction? {
      try await base.next()
    }
  }
}
