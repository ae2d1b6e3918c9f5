import Foundation
import PostgresCore
public import Repositories
import SQLValues

/// A `Repository` (Repositories) of one model type, stored on a PostgreSQL server: the same
/// models and use cases as on SQLite, for catalogs several processes or machines share.
///
/// <!-- snippet context: server -->
/// ```swift
/// let store = try await PostgresStore(url: url, for: [Movie.self])
/// let movies = try PostgresRepository<Movie>(store: store)
/// try await movies.insert(Movie(title: "Alien", date: .now, rate: 9))
/// let top = try await movies.fetch(FetchDescriptor(predicate: #Predicate { $0.rate >= 8 }))
/// ```
///
/// Every method runs on a connection of the store's pool, on a thread where blocking is
/// allowed, and reports failures as `RepositoryError` (Repositories): a broken unique rule or
/// relationship as `constraintViolation`, a value the server refuses (an overflow) as
/// `invalidValue`. Writes of several models are one transaction: all of them, or none.
public struct PostgresRepository<Model: PersistentModel>: Repository {
  let store: PostgresStore
  let definition: PostgresTableDefinition
  let statements: PostgresStatements
  /// The author the store's history records for this repository's writes.
  public let author: String?

  /// Creates a repository of the model's table in a store.
  ///
  /// - Parameters:
  ///   - store: the store whose table the repository reads and writes.
  ///   - author: the author the store's history records for this repository's writes.
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if the store does not hold the
  ///   model.
  public init(store: PostgresStore, author: String? = nil) throws(PersistenceError) {
    self.store = store
    self.author = author
    definition = try store.definition(of: Model.self)
    statements = PostgresStatements(definition)
  }

  /// A repository of a table the store holds, for a ``ModelRepository``.
  init(store: PostgresStore, definition: PostgresTableDefinition, author: String?) {
    self.store = store
    self.author = author
    self.definition = definition
    statements = PostgresStatements(definition)
  }

  /// Inserts a new model.
  ///
  /// - Throws: `RepositoryError.constraintViolation` if its identifier or unique values are
  ///   already stored.
  public func insert(_ model: Model) async throws {
    try await insert([model])
  }

  /// Inserts many models in one transaction: all of them, or none.
  ///
  /// - Throws: `RepositoryError` for the first model that cannot be stored.
  public func insert(_ models: [Model]) async throws {
    guard !models.isEmpty else { return }
    let rows = try encoded(models)
    try await perform(transaction: true) { connection in try insert(rows, on: connection) }
  }

  /// Inserts each model or updates the stored one it matches — by identifier, else by the
  /// values of a unique rule, in the order the model declares them (keeping the stored
  /// identifier) — in one transaction.
  ///
  /// - Throws: `RepositoryError.constraintViolation` if an update would itself break a unique
  ///   rule; nothing is stored then.
  public func upsert(_ models: [Model]) async throws {
    guard !models.isEmpty else { return }
    let rows = try encoded(models)
    try await perform(transaction: true) { connection in try upsert(rows, on: connection) }
  }

  /// Replaces the stored model with the same identifier.
  ///
  /// - Throws: `RepositoryError.notFound` if it is not stored.
  public func update(_ model: Model) async throws {
    try await update([model])
  }

  /// Replaces many stored models in one transaction: all of them, or none.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first model that is not stored.
  public func update(_ models: [Model]) async throws {
    guard !models.isEmpty else { return }
    let rows = try encoded(models)
    let identifiers = models.map(\.id)
    try await perform(transaction: true) { connection in try update(rows, identifiers, on: connection) }
  }

  /// Reads the model with an identifier, changes it and stores it, in one transaction that
  /// holds the row (`SELECT … FOR UPDATE`), so a concurrent change is never lost.
  ///
  /// - Throws: `RepositoryError.notFound` for an unknown identifier; what `change` throws, as
  ///   it is; the store is unchanged then.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    try await update(id: id, properties: [], replacing: [], change)
  }

  /// ``update(id:_:)``; PostgreSQL reads and stores every property (rows hold their values,
  /// with no files to spare reading).
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await update(id: id, properties: properties, replacing: [], change)
  }

  /// ``update(id:_:)``; PostgreSQL reads and stores every property.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable],
    _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    let key = try keyValue(id)
    let encoder = RowEncoder(table: definition.table)
    var changeError: (any Error)?
    do {
      return try await perform(transaction: true) { connection in
        let result = try connection.query(statements.selectForUpdate, [key])
        guard var model = try definition.models(Model.self, in: result).first else {
          throw RepositoryError.notFound(id: String(describing: id))
        }
        do {
          try change(&model)
        } catch {
          changeError = error
          throw error
        }
        try encoder.encode(model)
        let row = encoder.values.map(PostgresValue.init)
        // Matched by the changed model's identifier, as on SQLite: a change of identifier
        // finds no row.
        guard try connection.query(statements.update, statements.updateValues(row)).changedRows > 0 else {
          throw RepositoryError.notFound(id: String(describing: model.id))
        }
        return model
      }
    } catch {
      // The change's own error reaches the caller as it is.
      if let changeError { throw changeError }
      throw error
    }
  }

  // MARK: Writing on a connection

  /// Inserts encoded rows: as many as one statement carries (``PostgresStatements/rowsPerInsert``)
  /// or more in one `COPY`, which streams them (unless a JSON document must be rewritten on the
  /// way in, which only SQL does); else up to that many a statement, a shorter rest in pieces of
  /// a power of two rows (so that few statements are prepared).
  func insert(_ rows: [[PostgresValue]], on connection: PostgresConnection) throws {
    let batch = statements.rowsPerInsert
    if rows.count >= batch, let copyRows = statements.copyValues(rows) {
      let copied = try connection.copy(statements.copy, rows: copyRows)
      guard copied == rows.count else {
        throw RepositoryError.unavailable("the server stored \(copied) of \(rows.count) \(Model.self) rows")
      }
      return
    }
    var full: String?
    var start = 0
    while start < rows.count {
      let size = min(batch, 1 << (Int.bitWidth - 1 - (rows.count - start).leadingZeroBitCount))
      let sql = size == batch ? full ?? statements.insert(rows: size) : statements.insert(rows: size)
      if size == batch { full = sql }
      _ = try connection.query(sql, Array(rows[start..<start + size].joined()))
      start += size
    }
  }

  /// Upserts encoded rows.
  func upsert(_ rows: [[PostgresValue]], on connection: PostgresConnection) throws {
    for row in rows { try statements.upsert(row, on: connection) }
  }

  /// Updates the stored rows of encoded models, which must all be stored, in order: up to
  /// ``PostgresStatements/rowsPerInsert`` rows a statement (a shorter run in pieces of a power
  /// of two rows, so that few statements are prepared), a run ending before a row whose key it
  /// already holds, which a later statement writes.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first model that is not stored; the
  ///   caller's transaction is rolled back then.
  func update(_ given: [[PostgresValue]], _ givenIdentifiers: [Model.ID], on connection: PostgresConnection) throws {
    // In key order, so the history lists the rows as SQLite's does (``SQLValue/precedesAsKey(_:)``).
    let order = try givenIdentifiers.indices.map { (index: $0, key: try SQLValue(swiftValue: givenIdentifiers[$0])) }
      .sorted { $0.key.precedesAsKey($1.key) }.map(\.index)
    let rows = order.map { given[$0] }
    let keyIndex = definition.table.primaryKeyIndex
    let batch = statements.rowsPerInsert
    let columns = definition.table.columns.indices
    let sql = { (rows: Int) in
      statements.update(rows: rows, setting: columns.filter { $0 != keyIndex }, bound: Array(columns), flagged: false)
    }
    var full: String?
    var start = 0
    while start < rows.count {
      var keys = Set<PostgresValue>()
      var size = 0
      while size < min(batch, rows.count - start), keys.insert(rows[start + size][keyIndex]).inserted { size += 1 }
      if size < batch { size = 1 << (Int.bitWidth - 1 - size.leadingZeroBitCount) }
      let statement: String
      if size == batch {
        statement = full ?? sql(size)
        full = statement
      } else {
        statement = sql(size)
      }
      let piece = start..<start + size
      let updated = try connection.query(statement, Array(rows[piece].joined())).changedRows
      if updated < size { throw try notFound(among: givenIdentifiers, on: connection) }
      start += size
    }
  }

  /// The error of an update that found fewer rows than it was given: not found, naming the
  /// first identifier no row has.
  private func notFound(among identifiers: [Model.ID], on connection: PostgresConnection) throws -> RepositoryError {
    let stored = Set(
      try definition.identifiers(
        Model.ID.self, in: try connection.query(statements.selectIDs, [try keyList(identifiers)])))
    let missing = identifiers.first { !stored.contains($0) } ?? identifiers[0]
    return RepositoryError.notFound(id: String(describing: missing))
  }

  // MARK: Running

  /// The models encoded as parameter rows, in column order.
  func encoded(_ models: [Model]) throws(RepositoryError) -> [[PostgresValue]] {
    let encoder = RowEncoder(table: definition.table)
    do {
      return try models.map { (model) throws(PersistenceError) in
        try encoder.encode(model)
        return encoder.values.map(PostgresValue.init)
      }
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }

  /// An identifier as the primary key's parameter.
  func keyValue(_ id: Model.ID) throws(RepositoryError) -> PostgresValue {
    do {
      return PostgresValue(try SQLValue(swiftValue: id))
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }

  /// Runs `body` on a connection of the pool (in a transaction when asked), reporting any
  /// failure as a `RepositoryError`.
  func perform<T: Sendable>(
    transaction: Bool = false, _ body: (PostgresConnection) throws -> T
  ) async throws(RepositoryError) -> T {
    do {
      guard transaction else { return try await BlockingWork.run(on: store.pool, transaction: false, body) }
      return try await BlockingWork.run(on: store.pool, transaction: true) { connection in
        try PostgresHistory.setAuthor(author, on: connection)
        return try body(connection)
      }
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }
}
