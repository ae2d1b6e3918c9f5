import Foundation
import Repositories
import SQLValues
import SQLiteCore

/// The operations of a ``SQLiteUnitOfWork``'s transaction: each one is the operation of the
/// model's ``SQLiteRepository``, run on the open transaction's connection.
///
/// It is valid only while the transaction's body runs; kept and used later, it throws. Each
/// model's repository, and its ``UpsertSession``, is made once per transaction.
final class SQLiteTransaction: TransactionDispatch {
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

  /// Creates again the search index's insert trigger that the upsert session of a model type
  /// runs without, before rows of the type are inserted by another path.
  fileprivate func restoreSearchTrigger<Persistent: PersistentModel>(of _: Persistent.Type) throws {
    try sessions[ObjectIdentifier(Persistent.self)]?.restoreSearchTrigger()
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

  /// Runs an operation with the repository of a model type, which the store must hold: in a
  /// savepoint of its own, or, without one, failing the whole transaction if it fails.
  func run<Operation: TransactionOperation>(
    _ type: Operation.Model.Type, _ operation: Operation, savepoint: Bool
  ) throws -> Operation.Result {
    guard let state else {
      throw RepositoryError.unavailable("a unit of work's transaction was used after it ended")
    }
    guard let persistent = type as? any PersistentModel.Type, let table = store.tables[ObjectIdentifier(type)] else {
      throw RepositoryError.unavailable("\(type) is not a model of this store")
    }
    if let failure { throw failure }
    guard savepoint else {
      do {
        return try operation.run(persistent, on: SQLiteModelOperations(transaction: self, table: table, state: state))
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
      let result = try operation.run(
        persistent, on: SQLiteModelOperations(transaction: self, table: table, state: state))
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

/// What a model type's ``SQLiteRepository`` does in a transaction: the transaction's
/// repository of the type (made once), on the transaction's connection, its failures
/// reported as the repository reports them.
private struct SQLiteModelOperations: ModelOperations {
  let transaction: SQLiteTransaction
  /// The table of the model type the operation is on.
  let table: TableSchema
  let state: StoreState

  private func perform<Persistent: PersistentModel, T>(
    _: Persistent.Type, _ body: (SQLiteRepository<Persistent>) throws -> T
  ) throws -> T {
    let repository = transaction.repository(Persistent.self, table: table)
    return try repository.perform { try body(repository) }
  }

  func insert<Persistent: PersistentModel>(_ models: [Persistent]) throws {
    try perform(Persistent.self) {
      try transaction.restoreSearchTrigger(of: Persistent.self)
      try $0.writer.insert(models, in: state)
    }
  }

  func upsert<Persistent: PersistentModel>(_ models: [Persistent]) throws {
    try perform(Persistent.self) {
      try transaction.restoreSearchTrigger(of: Persistent.self)
      try $0.writer.upsert(models, in: state)
    }
  }

  func upsert<Persistent: PersistentModel>(rows: [Upsert<Persistent>]) throws -> [UpsertOutcome<Persistent.ID>] {
    try perform(Persistent.self) { try transaction.session(for: $0, in: state).upsert(rows) }
  }

  func update<Persistent: PersistentModel>(_ models: [Persistent]) throws {
    try perform(Persistent.self) { try $0.writer.update(models, in: state) }
  }

  func fetch<Persistent: PersistentModel>(_ descriptor: FetchDescriptor<Persistent>) throws -> [Persistent] {
    try perform(Persistent.self) { try $0.fetch(descriptor, in: state) }
  }

  func count<Persistent: PersistentModel>(_ descriptor: FetchDescriptor<Persistent>) throws -> Int {
    try perform(Persistent.self) { try $0.count(try $0.builder.count(descriptor), in: state) }
  }

  func delete<Persistent: PersistentModel>(ids: [Persistent.ID], of type: Persistent.Type) throws {
    try perform(Persistent.self) { repository in
      let keys = try ids.map { (id) throws(PersistenceError) in (id: id, key: try SQLValue(swiftValue: id)) }
      try repository.writer.delete(keys, in: state)
    }
  }

  func delete<Persistent: PersistentModel>(where predicate: Predicate<Persistent>) throws -> Int {
    try perform(Persistent.self) { repository in
      let condition = try PredicateTranslator(
        table: repository.table, modelName: "\(Persistent.self)", dialect: Store.dialect
      )
      .condition(predicate)
      return try repository.writer.delete(where: condition, in: state)
    }
  }
}

/// What a session needs of an ``UpsertSession`` of any model: to be finished before commit,
/// and to give back the search index's insert trigger to other ways of inserting.
protocol FinishingSession {
  func finish() throws
  func restoreSearchTrigger() throws
}

extension UpsertSession: FinishingSession {}
