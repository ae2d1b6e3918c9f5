import PostgresCore
public import Repositories

extension PostgresRepository: StoreRepository {
  func fetchNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> [Model] {
    let query = try query(descriptor, columns: definition.selectColumns)
    return try performNow { connection in try fetch(query, descriptor, on: connection) }
  }

  func fetchCountNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> Int {
    try performNow { connection in try count(descriptor, on: connection) }
  }

  func fetchIdentifiersNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> [Model.ID] {
    let key = definition.table.columns[definition.table.primaryKeyIndex]
    let keyColumn = "\(key.kind.postgresRead(SQLIdentifier.quote(key.name))) AS \(SQLIdentifier.quote(key.name))"
    let query = try query(descriptor, columns: keyColumn)
    guard query.isExact else { return try fetchNow(descriptor).map(\.id) }
    return try performNow { connection in
      try definition.identifiers(Model.ID.self, in: try connection.run(query.fragment.sql, query.fragment.bindings))
    }
  }

  /// The models a descriptor matches, read at once: a server's rows come whole to the client
  /// (libpq's results are not streamed), so a context's `enumerate` holds them all.
  func rowsNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> any ModelRows<Model> {
    FetchedRows(try fetchNow(descriptor))
  }

  /// Returns at once: a database's column types keep values another program could damage out of
  /// its rows, so every stored model can be read.
  func checkReadable() async throws {}

  /// Checks that a descriptor's query can be run on the server, without running it.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the first expression or sort
  ///   that cannot be translated.
  public func validate(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) {
    _ = try PostgresQuery(descriptor, columns: definition.selectColumns, on: definition, neighbours: store.tables)
  }

  /// Runs `body` on a connection of the pool on the calling thread, reporting any failure as
  /// a `RepositoryError`.
  private func performNow<T>(_ body: (PostgresConnection) throws -> T) throws(RepositoryError) -> T {
    do {
      return try store.pool.withConnectionNow(body)
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }
}

/// Models already read, handed out one at a time.
final class FetchedRows<Model>: ModelRows {
  private var models: IndexingIterator<[Model]>

  init(_ models: [Model]) {
    self.models = models.makeIterator()
  }

  func nextModel() throws(RepositoryError) -> Model? { models.next() }
}
