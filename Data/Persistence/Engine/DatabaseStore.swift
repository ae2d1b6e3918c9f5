import Repositories
import Synchronization

/// A database a container opened for one configuration — a SQLite store (a file, or memory) or
/// a PostgreSQL database — as the container, its contexts and its repositories use it, whatever
/// the database.
///
/// What only one database can do is not here: the container reaches it through
/// ``ModelContainer/fileStore(named:)``, which names the configuration that cannot.
protocol DatabaseStore: AnyObject, Sendable {
  /// Each model's table, by model type.
  var tables: [ObjectIdentifier: TableSchema] { get }
  /// The store as messages name it: a file's path, or a database's URL without its password.
  var displayName: String { get }
  /// The contexts writing the store, which closing saves or refuses to drop.
  var contexts: Mutex<TrackedContexts> { get }

  /// A repository of a model type's table, recording `author` in the history for its writes.
  func repository<Model: PersistentModel>(
    of type: Model.Type, table: TableSchema, author: String?
  ) -> any StoreRepository<Model>

  /// Runs `body` in one write transaction on the calling thread, recording `author` in the
  /// history: all of its changes commit, or none. With `defersReferences`, references are
  /// checked at the commit, so that changes may be made in any order, where the database can.
  func writeNow<T>(
    author: String?, defersReferences: Bool, _ body: (any TransactionDispatch) throws -> T
  ) throws -> T

  /// ``writeNow(author:defersReferences:_:)`` for async callers, as each database should be
  /// waited for: SQLite on the caller's thread, PostgreSQL on a thread where blocking on the
  /// network holds up none of Swift's cooperative threads.
  func write<T: Sendable>(author: String?, _ body: (any TransactionDispatch) throws -> T) async throws -> T

  /// The transactions after a token, oldest first, or before one, newest first: a page of
  /// the history.
  func fetchHistory(_ page: HistoryPage) throws -> [HistoryTransaction]
  /// The changes of one transaction from an offset, at most `limit` of them.
  func fetchHistoryChanges(of token: HistoryToken, from offset: Int, limit: Int?) throws -> [HistoryChange]
  /// The transactions a descriptor describes, oldest first.
  func fetchHistory(_ descriptor: HistoryDescriptor) throws -> [HistoryTransaction]
  /// The newest transaction's token, or `nil` for an empty history.
  func latestHistoryToken() throws -> HistoryToken?
  /// The newest committed transaction's token, whether or not one begun before it still runs
  /// (on SQLite, where commits are ordered, ``latestHistoryToken()``).
  func newestCommittedHistoryToken() throws -> HistoryToken?
  /// Deletes the history up to and including a token.
  func deleteHistory(through token: HistoryToken) throws
  /// Deletes exactly the transactions a descriptor describes.
  func deleteHistory(_ descriptor: HistoryDescriptor) throws
  /// The transactions committed after a token, as they commit, from any process.
  func observeHistory(
    after token: HistoryToken, authors: Set<String>?, models: Set<String>?, interval: Duration
  )
    -> HistoryObserver

  /// Marks the store incomplete with a note, which every other opening then refuses.
  func markIncomplete(_ note: String) throws
  /// Removes the mark ``markIncomplete(_:)`` placed.
  func markComplete() throws

  /// Closes the store: later uses throw ``PersistenceError/closed(path:)``.
  func close() throws(PersistenceError)
}

/// A page of a store's history: after a token, oldest first, or before one, newest first.
struct HistoryPage: Sendable {
  /// Which way the page reads from its token.
  enum Direction: Sendable {
    case after
    case before
  }

  var direction: Direction
  var token: HistoryToken?
  var authors: Set<String>?
  var limit: Int?
  var changeLimit: Int?
}
