import Repositories

/// Until the PostgreSQL engine's unit of work lands: a transaction on a server store says it
/// is not available, so the commands that need one (reviews, tags, import) fail clearly.
struct PostgresUnitOfWork: UnitOfWork {
  init(store: Any) throws {}

  func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    throw RepositoryError.unavailable("transactions of several models are not available on PostgreSQL yet")
  }
}
