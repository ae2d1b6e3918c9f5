import Foundation
public import Repositories

/// A `UnitOfWork` (Repositories) on one store of a ``ModelContainer``: each transaction is one
/// SQLite write transaction, with one history transaction for all of its changes.
///
/// The body's reads and writes go through the same code as ``SQLiteRepository``'s, on the
/// store's writer connection, so they see each other and nothing else writes until the body
/// returns. Every model of the configuration can be read and written.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let unitOfWork = try SQLiteUnitOfWork(container: container, configuration: "Catalog")
/// try await unitOfWork.transaction { changes in
///   try changes.insert([tag])
///   try changes.insert([Tagging(movieID: movie.id, tagID: tag.id)])
/// }
/// ```
public struct SQLiteUnitOfWork: UnitOfWork {
  let store: Store
  /// The author the store's history records for the transactions.
  public let author: String?

  /// Creates a unit of work on a configuration's store.
  ///
  /// - Parameters:
  ///   - container: the container whose store the transactions change.
  ///   - configuration: the configuration's name; may be omitted when the container has one.
  ///   - author: the author the store's history records for the transactions.
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if there is no such configuration.
  public init(container: ModelContainer, configuration: String? = nil, author: String? = nil) throws(PersistenceError) {
    store = try container.fileStore(named: configuration, for: "SQLiteUnitOfWork")
    self.author = author
  }

  /// Runs `body` in one write transaction: its changes commit when it returns, and are rolled
  /// back when it throws. An operation of the body that fails changes nothing, and the body may
  /// catch its error and go on, as in SQLite — except a batch upsert, whose failure rolls the
  /// whole transaction back (it runs without a savepoint of its own, for speed).
  ///
  /// - Throws: what `body` throws, as it is; `RepositoryError` if the transaction cannot
  ///   begin or commit.
  public func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    try await store.transaction(author: author, body)
  }
}
