import Foundation
import PostgresCore
import Repositories

/// The operations of a ``PostgresUnitOfWork``'s transaction: each one is the work of the
/// model's ``PostgresRepository``, run on the transaction's connection.
///
/// It is valid only while the transaction's body runs; kept and used later, it throws. Each
/// model's repository, and its ``PostgresUpsertSession``, is made once per transaction.
final class PostgresTransaction: TransactionDispatch {
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

  /// Runs an operation with the repository of a model type, which the store must hold: in a
  /// savepoint of its own, or, without one, failing the whole transaction if it fails.
  func run<Operation: TransactionOperation>(
    _ type: Operation.Model.Type, _ operation: Operation, savepoint: Bool
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
        return try operation.run(persistent, on: PostgresModelOperations(transaction: self, connection: connection))
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
      let result = try operation.run(persistent, on: PostgresModelOperations(transaction: self, connection: connection))
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

/// What a model type's ``PostgresRepository`` does in a transaction: the transaction's
/// repository of the type (made once), on the transaction's connection.
private struct PostgresModelOperations: ModelOperations {
  let transaction: PostgresTransaction
  let connection: PostgresConnection

  func insert<Persistent: PersistentModel>(_ models: [Persistent]) throws {
    let repository = try transaction.repository(Persistent.self)
    try repository.insert(try repository.encoded(models), on: connection)
  }

  func upsert<Persistent: PersistentModel>(_ models: [Persistent]) throws {
    let repository = try transaction.repository(Persistent.self)
    try repository.upsert(try repository.encoded(models), on: connection)
  }

  func upsert<Persistent: PersistentModel>(rows: [Upsert<Persistent>]) throws -> [UpsertOutcome<Persistent.ID>] {
    let repository = try transaction.repository(Persistent.self)
    return try transaction.session(for: repository, on: connection).upsert(rows)
  }

  func update<Persistent: PersistentModel>(_ models: [Persistent]) throws {
    let repository = try transaction.repository(Persistent.self)
    try repository.update(try repository.encoded(models), models.map(\.id), on: connection)
  }

  func fetch<Persistent: PersistentModel>(_ descriptor: FetchDescriptor<Persistent>) throws -> [Persistent] {
    try transaction.repository(Persistent.self).fetchLocking(descriptor, on: connection)
  }

  func count<Persistent: PersistentModel>(_ descriptor: FetchDescriptor<Persistent>) throws -> Int {
    try transaction.repository(Persistent.self).count(descriptor, on: connection)
  }

  func delete<Persistent: PersistentModel>(ids: [Persistent.ID], of type: Persistent.Type) throws {
    try transaction.repository(Persistent.self).delete(ids: ids, on: connection)
  }

  func delete<Persistent: PersistentModel>(where predicate: Predicate<Persistent>) throws -> Int {
    try transaction.repository(Persistent.self).delete(where: predicate, on: connection)
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
