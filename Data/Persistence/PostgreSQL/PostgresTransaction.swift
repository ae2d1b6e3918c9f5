import Foundation
import PostgresCore
import Repositories

/// The operations of a ``PostgresUnitOfWork``'s transaction: each one is the work of the
/// model's ``PostgresRepository``, run on the transaction's connection.
///
/// It is valid only while the transaction's body runs; kept and used later, it throws. Each
/// model's repository, and its ``PostgresUpsertSession``, is made once per transaction.
final class PostgresTransaction: RepositoryTransaction {
  private let store: PostgresStore
  private var connection: PostgresConnection?
  /// Set when a failed operation could not be undone: the transaction must not commit.
  private(set) var failure: RepositoryError?
  /// The deadlock (or serialization failure) an operation met, if one did: the body may run
  /// again.
  private(set) var collision: PostgresError?
  /// Each model type's repository, made when first used.
  private var repositories: [ObjectIdentifier: any Sendable] = [:]
  /// Each model type's upsert session, made by its first batch upsert.
  private var sessions: [ObjectIdentifier: AnyObject] = [:]

  init(store: PostgresStore, connection: PostgresConnection) {
    self.store = store
    self.connection = connection
  }

  /// Ends the transaction's use of the connection: later calls throw.
  func end() {
    connection = nil
    sessions.removeAll()
    repositories.removeAll()
  }

  /// The repository of a model type in this transaction, made once.
  fileprivate func repository<Persistent: PersistentModel>(_: Persistent.Type) throws -> PostgresRepository<Persistent>
  {
    let key = ObjectIdentifier(Persistent.self)
    if let repository = repositories[key] as? PostgresRepository<Persistent> { return repository }
    let repository = try PostgresRepository<Persistent>(store: store)
    repositories[key] = repository
    return repository
  }

  /// The upsert session of a model type in this transaction, made by its first batch upsert.
  fileprivate func session<Persistent: PersistentModel>(
    for repository: PostgresRepository<Persistent>, on connection: PostgresConnection
  ) -> PostgresUpsertSession<Persistent> {
    let key = ObjectIdentifier(Persistent.self)
    if let session = sessions[key] as? PostgresUpsertSession<Persistent> { return session }
    let session = PostgresUpsertSession(repository: repository, connection: connection)
    sessions[key] = session
    return session
  }

  func insert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    guard !models.isEmpty else { return }
    try run(Model.self, OpenInsert(models: models))
  }

  func upsert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    guard !models.isEmpty else { return }
    try run(Model.self, OpenUpsert(models: models))
  }

  @discardableResult
  func upsert<Model: Identifiable & Sendable>(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>]
  where Model.ID: Sendable {
    guard !rows.isEmpty else { return [] }
    return try run(Model.self, OpenUpsertRows(rows: rows, transaction: self), savepoint: false)
  }

  func update<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    guard !models.isEmpty else { return }
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
    guard !ids.isEmpty else { return }
    try run(Model.self, OpenDelete<Model>(ids: ids))
  }

  @discardableResult
  func delete<Model: Identifiable & Sendable>(where predicate: Predicate<Model>) throws -> Int
  where Model.ID: Sendable {
    try run(Model.self, OpenDeleteWhere(predicate: predicate))
  }

  /// Runs an operation with the repository of a model type, which the store must hold: in a
  /// savepoint of its own, or, without one, failing the whole transaction if it fails.
  private func run<Operation: PostgresTransactionOperation>(
    _ type: Operation.Model.Type, _ operation: Operation, savepoint: Bool = true
  ) throws -> Operation.Result {
    guard let connection else {
      throw RepositoryError.unavailable("a unit of work's transaction was used after it ended")
    }
    guard let persistent = type as? any PersistentModel.Type, store.tables[ObjectIdentifier(type)] != nil else {
      throw RepositoryError.unavailable("\(type) is not a model of this store")
    }
    if let failure { throw failure }
    guard savepoint else {
      do {
        return try operation.run(persistent, transaction: self, on: connection)
      } catch {
        let reported = report(error, of: type)
        failure = reported
        throw reported
      }
    }
    // PostgreSQL refuses every statement of a transaction after one failed, up to a rollback:
    // a savepoint makes each operation all or nothing, and the transaction goes on after it.
    do {
      try connection.execute("SAVEPOINT unit_of_work_operation")
    } catch {
      throw report(error, of: type)
    }
    do {
      let result = try operation.run(persistent, transaction: self, on: connection)
      try connection.execute("RELEASE SAVEPOINT unit_of_work_operation")
      return result
    } catch {
      let reported = report(error, of: type)
      do {
        try connection.execute(
          "ROLLBACK TO SAVEPOINT unit_of_work_operation; RELEASE SAVEPOINT unit_of_work_operation")
      } catch {
        // What the failed operation left cannot be undone: the whole transaction is.
        failure = RepositoryError(error, modelName: "\(type)")
      }
      throw reported
    }
  }

  /// An operation's failure as the body sees it, noting a collision with another transaction.
  private func report(_ error: any Error, of type: Any.Type) -> RepositoryError {
    if let error = error as? PostgresError, error.isRetryable { collision = error }
    return RepositoryError(error, modelName: "\(type)")
  }
}

/// One repository operation on a model type known only as generic: `run` opens the type as a
/// ``PersistentModel`` and hands the operation to its ``PostgresRepository``.
private protocol PostgresTransactionOperation {
  associatedtype Model
  associatedtype Result
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws -> Result
}

extension PostgresTransactionOperation {
  func run(
    _ type: any PersistentModel.Type, transaction: PostgresTransaction, on connection: PostgresConnection
  ) throws -> Result {
    func open<Persistent: PersistentModel>(_: Persistent.Type) throws -> Result {
      try run(on: try transaction.repository(Persistent.self), connection)
    }
    return try open(type)
  }
}

private struct OpenInsert<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let models: [Model]
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws {
    try repository.insert(try repository.encoded(same(models, as: [Persistent].self)), on: connection)
  }
}

private struct OpenUpsert<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let models: [Model]
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws {
    try repository.upsert(try repository.encoded(same(models, as: [Persistent].self)), on: connection)
  }
}

private struct OpenUpsertRows<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let rows: [Upsert<Model>]
  let transaction: PostgresTransaction
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws -> [UpsertOutcome<Model.ID>] {
    let session = transaction.session(for: repository, on: connection)
    return same(try session.upsert(same(rows, as: [Upsert<Persistent>].self)), as: [UpsertOutcome<Model.ID>].self)
  }
}

private struct OpenUpdate<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let models: [Model]
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws {
    let models = same(models, as: [Persistent].self)
    try repository.update(try repository.encoded(models), models.map(\.id), on: connection)
  }
}

private struct OpenFetch<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let descriptor: FetchDescriptor<Model>
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws -> [Model] {
    same(
      try repository.fetchLocking(same(descriptor, as: FetchDescriptor<Persistent>.self), on: connection),
      as: [Model].self)
  }
}

private struct OpenCount<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let descriptor: FetchDescriptor<Model>
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws -> Int {
    try repository.count(same(descriptor, as: FetchDescriptor<Persistent>.self), on: connection)
  }
}

private struct OpenDelete<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let ids: [Model.ID]
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws {
    try repository.delete(ids: same(ids, as: [Persistent.ID].self), on: connection)
  }
}

private struct OpenDeleteWhere<Model: Identifiable & Sendable>: PostgresTransactionOperation where Model.ID: Sendable {
  let predicate: Predicate<Model>
  func run<Persistent: PersistentModel>(
    on repository: PostgresRepository<Persistent>, _ connection: PostgresConnection
  ) throws -> Int {
    try repository.delete(where: same(predicate, as: Predicate<Persistent>.self), on: connection)
  }
}

extension PostgresRepository {
  /// The models that match a descriptor, each locked (`FOR NO KEY UPDATE`) until the
  /// connection's transaction ends, so no other writer changes what a unit of work read.
  func fetchLocking(_ descriptor: FetchDescriptor<Model>, on connection: PostgresConnection) throws -> [Model] {
    let query = try query(descriptor, columns: definition.selectColumns)
    let locked = query.fragment.sql + " FOR NO KEY UPDATE OF \(definition.table.quotedName)"
    let models = try definition.models(Model.self, in: try connection.run(locked, query.fragment.bindings))
    return try query.page(of: models, descriptor)
  }
}
