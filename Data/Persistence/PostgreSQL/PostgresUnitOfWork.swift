import PostgresCore
public import Repositories

/// A `UnitOfWork` (Repositories) on a ``PostgresStore``: each transaction is one PostgreSQL
/// transaction on one connection of the store's pool.
///
/// <!-- snippet context: server -->
/// ```swift
/// let store = try await PostgresStore(url: url, for: [Movie.self, MovieTag.self, Tagging.self])
/// let unitOfWork = PostgresUnitOfWork(store: store)
/// let movie = Movie(title: "Rififi", date: .now, rate: 9)
/// let tag = MovieTag(name: "heist")
/// try await unitOfWork.transaction { changes in
///   // The movie stored with the same title and date, if any, keeps its identifier.
///   let outcomes = try changes.upsert([Upsert(movie, matching: .identifierOrUniqueKey)])
///   try changes.insert([tag])
///   if let movieID = outcomes.first?.written { try changes.insert([Tagging(movieID: movieID, tagID: tag.id)]) }
/// }
/// ```
///
/// The body's reads and writes run the code of ``PostgresRepository``'s, on the transaction's
/// connection, so they see each other's changes, and nothing another process changes is
/// half-seen: the transaction runs at `READ COMMITTED`, and every model the body fetches or
/// changes is locked (`FOR NO KEY UPDATE`) until it ends, so no other writer changes it in
/// between, as on SQLite, where nothing else writes until the body returns. Unlike SQLite,
/// other writers go on meanwhile with the rows the body has not touched; a model another
/// transaction inserts meanwhile may appear in a later fetch of the body.
///
/// `READ COMMITTED` rather than `SERIALIZABLE`: the server then never fails a transaction
/// because another one ran beside it, which at `SERIALIZABLE` would make a long body, such as
/// an import's, run again whole whenever another writer touched what it read. What the row
/// locks leave is a deadlock — two transactions each waiting for a row the other holds — which
/// the server ends by failing one of them. When the body meets such a failure and throws, the
/// whole transaction is rolled back and the body runs again, after a short random pause, up to
/// ten times in all: the body may run more than once, so it should change nothing but the
/// store. When it catches the failure and goes on, the failed operation changed nothing and the
/// transaction commits.
public struct PostgresUnitOfWork: UnitOfWork {
  let store: PostgresStore
  /// The author the store's history records for the transactions.
  public let author: String?

  /// Creates a unit of work on a store: its transactions may change any model the store holds.
  ///
  /// - Parameters:
  ///   - store: the store whose models the transactions change.
  ///   - author: the author the store's history records for the transactions.
  public init(store: PostgresStore, author: String? = nil) {
    self.store = store
    self.author = author
  }

  /// Runs `body` in one transaction: its changes commit when it returns, and are rolled back
  /// when it throws. An operation of the body that fails changes nothing (it runs in a
  /// savepoint of its own), and the body may catch its error and go on — except a batch upsert,
  /// whose failure rolls the whole transaction back, as on SQLite.
  ///
  /// - Throws: what `body` throws, as it is; `RepositoryError` if the transaction cannot begin
  ///   or commit, or still meets a deadlock after its last attempt (`busy`).
  public func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    try await store.transaction(author: author, body)
  }
}
