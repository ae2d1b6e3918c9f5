import Foundation
import Repositories
import SQLiteCore

/// The operations of a ``SQLiteUnitOfWork``'s transaction: each one is the operation of the
/// model's ``SQLiteRepository``, run on the open transaction's connection.
///
/// It is valid only while the transaction's body runs; kept and used later, it throws. Each
/// model's repository, and its ``UpsertSession``, is made once per transaction.
final class SQLiteTransaction: RepositoryTransaction {
  /// The page cache, in KiB, of a transaction that upserts: its changes and the keys it wrote
  /// stay in memory until the commit rather than spilling page by page, and memory stays flat.
  static let upsertCacheKiB = 16 * 1024

  private let store: Store
  private var state: StoreState?
  /// Set when a failed operation could not be undone: the transaction must not commit.
  private(set) var failure: RepositoryError?
  /// Each model type's repository, made when first used.
  private var repositories: [ObjectIdentifier: any Sendable] = [:]
  /// Each model type's upsert session, made by its first upsert and finished before commit.
  private var sessions: [ObjectIdentifier: any FinishingSession] = [:]
  /// The page cache sizes to restore when the transaction ends, once an upsert enlarged them.
  private var cacheSizes: (main: Int64, temp: Int64)?

  init(store: Store, state: StoreState) {
    self.store = store
    self.state = state
  }

  /// Finishes what the transaction's upserts left to do before it commits: the indexes they
  /// deferred are built, the keys they wrote forgotten, the page cache made small again.
  func finish() throws {
    guard let state else { return }
    do {
      // Building an index sorts in memory up to the cache size: the usual size keeps that small.
      try restoreCacheSizes(on: state.connection)
      for session in sessions.values { try session.finish() }
      sessions.removeAll()
    } catch {
      throw RepositoryError(error, modelName: "transaction")
    }
  }

  /// Ends the transaction's use of the connection: later calls throw.
  func end() {
    // After a failure, the rollback undoes everything else the sessions did. Restoring the
    // cache size cannot be thrown from here: a failure leaves a larger, still bounded, cache on
    // the connection, which changes no data.
    if let state { try? restoreCacheSizes(on: state.connection) }
    sessions.removeAll()
    repositories.removeAll()
    state = nil
  }

  private func restoreCacheSizes(on connection: Connection) throws {
    guard let sizes = cacheSizes else { return }
    cacheSizes = nil
    try connection.execute("PRAGMA main.cache_size = \(sizes.main); PRAGMA temp.cache_size = \(sizes.temp)")
  }

  @discardableResult
  func upsert<Model: Identifiable & Sendable>(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>]
  where Model.ID: Sendable {
    guard !rows.isEmpty else { return [] }
    return try run(Model.self, OpenUpsertRows(rows: rows, transaction: self), savepoint: false)
  }

  /// The upsert session of a model's table in this transaction, made by its first upsert.
  fileprivate func session<Persistent: PersistentModel>(
    for repository: SQLiteRepository<Persistent>, in state: StoreState
  ) throws -> UpsertSession<Persistent> {
    let key = ObjectIdentifier(Persistent.self)
    if let session = sessions[key] as? UpsertSession<Persistent> { return session }
    if cacheSizes == nil {
      let main = try Self.pragma("main.cache_size", on: state.connection)
      let temp = try Self.pragma("temp.cache_size", on: state.connection)
      try state.connection.execute(
        "PRAGMA main.cache_size = -\(Self.upsertCacheKiB); PRAGMA temp.cache_size = -\(Self.upsertCacheKiB)")
      cacheSizes = (main, temp)
    }
    let session = try repository.writer.upsertSession(in: state)
    sessions[key] = session
    return session
  }

  private static func pragma(_ name: String, on connection: Connection) throws -> Int64 {
    let statement = try connection.statement("PRAGMA \(name)")
    defer { statement.reset() }
    return try statement.step() ? statement.int64(at: 0) : -2000
  }

  /// The repository of a model type in this transaction, made once.
  fileprivate func repository<Persistent: PersistentModel>(
    _: Persistent.Type, table: TableSchema
  )
    -> SQLiteRepository<Persistent>
  {
    let key = ObjectIdentifier(Persistent.self)
    if let repository = repositories[key] as? SQLiteRepository<Persistent> { return repository }
    let repository = SQLiteRepository<Persistent>(store: store, table: table)
    repositories[key] = repository
    return repository
  }

  func insert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try run(Model.self, OpenInsert(models: models))
  }

  func upsert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try run(Model.self, OpenUpsert(models: models))
  }

  func update<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try run(Model.self, OpenUpdate(models: models))
  }

  func fetch<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> [Model]
  where Model.ID: Sendable {
    try run(Model.self, OpenFetch(descriptor: descriptor))
  }

  func fetchCount<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> Int
  where Model.ID: Sendable {
    try run(Model.self, OpenCount(descriptor: descriptor))
  }

  func delete<Model: Identifiable & Sendable>(ids: [Model.ID], of type: Model.Type) throws where Model.ID: Sendable {
    try run(Model.self, OpenDelete<Model>(ids: ids))
  }

  @discardableResult
  func delete<Model: Identifiable & Sendable>(where predicate: Predicate<Model>) throws -> Int
  where Model.ID: Sendable {
    try run(Model.self, OpenDeleteWhere(predicate: predicate))
  }

  /// Runs an operation with the repository of a model type, which the store must hold: in a
  /// savepoint of its own, or, without one, failing the whole transaction if it fails.
  private func run<Operation: TransactionOperation>(
    _ type: Operation.Model.Type, _ operation: Operation, savepoint: Bool = true
  ) throws
    -> Operation.Result
  {
    guard let state else {
      throw RepositoryError.unavailable("a unit of work's transaction was used after it ended")
    }
    guard let persistent = type as? any PersistentModel.Type, let table = store.tables[ObjectIdentifier(type)] else {
      throw RepositoryError.unavailable("\(type) is not a model of this store")
    }
    if let failure { throw failure }
    guard savepoint else {
      do {
        return try operation.run(persistent, transaction: self, table: table, state: state)
      } catch {
        failure = error as? RepositoryError ?? RepositoryError(error, modelName: "\(type)")
        throw error
      }
    }
    // Each operation is all or nothing, as a repository's own transaction is: a savepoint
    // undoes a failed one, in the store and in the history, and the transaction goes on.
    let mark = try state.history?.mark()
    try state.connection.execute("SAVEPOINT unit_of_work_operation")
    do {
      let result = try operation.run(persistent, transaction: self, table: table, state: state)
      try state.connection.execute("RELEASE unit_of_work_operation")
      return result
    } catch {
      do {
        try state.connection.execute("ROLLBACK TO unit_of_work_operation; RELEASE unit_of_work_operation")
        state.history?.rollBack(to: mark)
      } catch let rollback {
        // What the failed operation left cannot be undone: the whole transaction is.
        failure = RepositoryError(rollback, modelName: "\(type)")
      }
      throw error
    }
  }
}

/// One repository operation on a model type known only as generic: `run` opens the type as a
/// ``PersistentModel`` and hands the operation to its ``SQLiteRepository``.
private protocol TransactionOperation {
  associatedtype Model
  associatedtype Result
  func run<Persistent: PersistentModel>(
    on repository: SQLiteRepository<Persistent>, in state: StoreState
  ) throws
    -> Result
}

extension TransactionOperation {
  func run(
    _ type: any PersistentModel.Type, transaction: SQLiteTransaction, table: TableSchema, state: StoreState
  ) throws -> Result {
    func open<Persistent: PersistentModel>(_: Persistent.Type) throws -> Result {
      let repository = transaction.repository(Persistent.self, table: table)
      return try repository.perform { try run(on: repository, in: state) }
    }
    return try open(type)
  }
}

/// What a session needs of an ``UpsertSession`` of any model: to be finished before commit.
protocol FinishingSession {
  func finish() throws
}

extension UpsertSession: FinishingSession {}

/// The same value, seen as the type it is known to have: `Persistent` is `Model`, opened (by
/// the SQLite and the PostgreSQL transactions).
func same<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
  // A mismatch would be a bug of its caller: each operation opens exactly its own model type.
  value as! Target
}

private struct OpenInsert<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let models: [Model]
  func run<Persistent: PersistentModel>(on repository: SQLiteRepository<Persistent>, in state: StoreState) throws {
    try repository.writer.insert(same(models, as: [Persistent].self), in: state)
  }
}

private struct OpenUpsert<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let models: [Model]
  func run<Persistent: PersistentModel>(on repository: SQLiteRepository<Persistent>, in state: StoreState) throws {
    try repository.writer.upsert(same(models, as: [Persistent].self), in: state)
  }
}

private struct OpenUpsertRows<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let rows: [Upsert<Model>]
  let transaction: SQLiteTransaction
  func run<Persistent: PersistentModel>(
    on repository: SQLiteRepository<Persistent>, in state: StoreState
  ) throws
    -> [UpsertOutcome<Model.ID>]
  {
    let session = try transaction.session(for: repository, in: state)
    return same(try session.upsert(same(rows, as: [Upsert<Persistent>].self)), as: [UpsertOutcome<Model.ID>].self)
  }
}

private struct OpenUpdate<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let models: [Model]
  func run<Persistent: PersistentModel>(on repository: SQLiteRepository<Persistent>, in state: StoreState) throws {
    try repository.writer.update(same(models, as: [Persistent].self), in: state)
  }
}

private struct OpenFetch<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let descriptor: FetchDescriptor<Model>
  func run<Persistent: PersistentModel>(
    on repository: SQLiteRepository<Persistent>, in state: StoreState
  ) throws
    -> [Model]
  {
    let query = try repository.builder.select(same(descriptor, as: FetchDescriptor<Persistent>.self))
    return same(try repository.fetch(query, in: state), as: [Model].self)
  }
}

private struct OpenCount<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let descriptor: FetchDescriptor<Model>
  func run<Persistent: PersistentModel>(
    on repository: SQLiteRepository<Persistent>, in state: StoreState
  ) throws
    -> Int
  {
    try repository.count(
      try repository.builder.count(same(descriptor, as: FetchDescriptor<Persistent>.self)), in: state)
  }
}

private struct OpenDelete<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let ids: [Model.ID]
  func run<Persistent: PersistentModel>(on repository: SQLiteRepository<Persistent>, in state: StoreState) throws {
    let keys = try same(ids, as: [Persistent.ID].self).map { (id) throws(PersistenceError) in
      (id: id, key: try SQLValue(swiftValue: id))
    }
    try repository.writer.delete(keys, in: state)
  }
}

private struct OpenDeleteWhere<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let predicate: Predicate<Model>
  func run<Persistent: PersistentModel>(
    on repository: SQLiteRepository<Persistent>, in state: StoreState
  ) throws
    -> Int
  {
    let condition = try PredicateTranslator(table: repository.table, modelName: "\(Persistent.self)").condition(
      same(predicate, as: Predicate<Persistent>.self))
    return try repository.writer.delete(where: condition, in: state)
  }
}
