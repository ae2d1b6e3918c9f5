public import Repositories

/// A `UnitOfWork` (Repositories) on a container's store — a store file, an in-memory store or
/// a PostgreSQL database, whichever the configuration's URL names: several repositories'
/// changes in one transaction, all of them or none.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let work = try ModelUnitOfWork(container: container)
/// try await work.transaction { transaction in
///   try transaction.insert([Movie(title: "Alien", date: .now)])
/// }
/// ```
public struct ModelUnitOfWork: UnitOfWork {
  let store: any DatabaseStore
  /// The author the store's history records for this unit of work's transactions.
  public let author: String?

  /// Creates a unit of work on a configuration's store: the named one, or the container's only
  /// one.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if there is no such configuration.
  public init(container: ModelContainer, configuration: String? = nil, author: String? = nil) throws(PersistenceError) {
    store = try container.store(named: configuration)
    self.author = author
  }

  /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
  ///
  /// - Throws: what `body` throws; `RepositoryError` if the transaction cannot begin or commit.
  public func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    try await store.transaction(author: author, body)
  }
}

extension DatabaseStore {
  /// Runs a unit of work's body in one transaction: what it throws is thrown as it is, any
  /// other failure as a `RepositoryError`.
  func transaction<T: Sendable>(author: String?, _ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    var bodyError: (any Error)?
    do {
      return try await write(author: author) { transaction in
        // A transaction the database runs again starts with no error of the body's.
        bodyError = nil
        do {
          return try body(transaction)
        } catch {
          bodyError = error
          throw error
        }
      }
    } catch {
      if let bodyError { throw bodyError }
      throw RepositoryError(error, modelName: "transaction")
    }
  }
}
