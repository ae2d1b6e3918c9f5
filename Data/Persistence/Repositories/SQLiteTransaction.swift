import Foundation
import Repositories
import SQLiteCore

/// The operations of a ``SQLiteUnitOfWork``'s transaction: each one is the operation of the
/// model's ``SQLiteRepository``, run on the open transaction's connection.
///
/// It is valid only while the transaction's body runs; kept and used later, it throws.
final class SQLiteTransaction: RepositoryTransaction {
  private let store: Store
  private var state: StoreState?
  /// Set when a failed operation could not be undone: the transaction must not commit.
  private(set) var failure: RepositoryError?

  init(store: Store, state: StoreState) {
    self.store = store
    self.state = state
  }

  /// Ends the transaction's use of the connection: later calls throw.
  func end() {
    state = nil
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

  /// Runs an operation with the repository of a model type, which the store must hold.
  private func run<Operation: TransactionOperation>(
    _ type: Operation.Model.Type, _ operation: Operation
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
    // Each operation is all or nothing, as a repository's own transaction is: a savepoint
    // undoes a failed one, in the store and in the history, and the transaction goes on.
    let mark = try state.history?.mark()
    try state.connection.execute("SAVEPOINT unit_of_work_operation")
    do {
      let result = try operation.run(persistent, store: store, table: table, state: state)
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
  func run(_ type: any PersistentModel.Type, store: Store, table: TableSchema, state: StoreState) throws -> Result {
    func open<Persistent: PersistentModel>(_: Persistent.Type) throws -> Result {
      let repository = SQLiteRepository<Persistent>(store: store, table: table)
      return try repository.perform { try run(on: repository, in: state) }
    }
    return try open(type)
  }
}

/// The same value, seen as the type it is known to have: `Persistent` is `Model`, opened.
private func same<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
  // A mismatch would be a bug of this file: each operation opens exactly its own model type.
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
