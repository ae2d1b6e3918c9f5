import Foundation
import Repositories

/// What a unit of work's transaction does with one model type once the type is known as a
/// ``PersistentModel``: each engine's transaction provides these on its own connection
/// (`SQLiteModelOperations`, `PostgresModelOperations`), and ``TransactionDispatch`` routes
/// the Domain's calls, generic over any `Identifiable` model, to them.
protocol ModelOperations {
  func insert<Persistent: PersistentModel>(_ models: [Persistent]) throws
  func upsert<Persistent: PersistentModel>(_ models: [Persistent]) throws
  func upsert<Persistent: PersistentModel>(rows: [Upsert<Persistent>]) throws -> [UpsertOutcome<Persistent.ID>]
  func update<Persistent: PersistentModel>(_ models: [Persistent]) throws
  func fetch<Persistent: PersistentModel>(_ descriptor: FetchDescriptor<Persistent>) throws -> [Persistent]
  func count<Persistent: PersistentModel>(_ descriptor: FetchDescriptor<Persistent>) throws -> Int
  func delete<Persistent: PersistentModel>(ids: [Persistent.ID], of type: Persistent.Type) throws
  func delete<Persistent: PersistentModel>(where predicate: Predicate<Persistent>) throws -> Int
}

/// A unit of work's transaction whose every operation goes through one method of its engine's,
/// ``run(_:_:savepoint:)``: it checks the transaction and the model type, runs the operation
/// on the engine's ``ModelOperations`` — in a savepoint of its own, or, without one, failing
/// the whole transaction if it fails — and reports failures as `RepositoryError`.
protocol TransactionDispatch: RepositoryTransaction {
  func run<Operation: TransactionOperation>(
    _ type: Operation.Model.Type, _ operation: Operation, savepoint: Bool
  ) throws -> Operation.Result
}

extension TransactionDispatch {
  func insert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    guard !models.isEmpty else { return }
    try run(Model.self, OpenInsert(models: models), savepoint: true)
  }

  func upsert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    guard !models.isEmpty else { return }
    try run(Model.self, OpenUpsert(models: models), savepoint: true)
  }

  // A batch upsert is not undone alone: a session's deferred work spans the transaction.
  @discardableResult
  func upsert<Model: Identifiable & Sendable>(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>]
  where Model.ID: Sendable {
    guard !rows.isEmpty else { return [] }
    return try run(Model.self, OpenUpsertRows(rows: rows), savepoint: false)
  }

  func update<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    guard !models.isEmpty else { return }
    try run(Model.self, OpenUpdate(models: models), savepoint: true)
  }

  func fetch<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> [Model]
  where Model.ID: Sendable {
    try run(Model.self, OpenFetch(descriptor: descriptor), savepoint: true)
  }

  func fetchCount<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> Int
  where Model.ID: Sendable {
    try run(Model.self, OpenCount(descriptor: descriptor), savepoint: true)
  }

  func delete<Model: Identifiable & Sendable>(ids: [Model.ID], of type: Model.Type) throws where Model.ID: Sendable {
    guard !ids.isEmpty else { return }
    try run(Model.self, OpenDelete<Model>(ids: ids), savepoint: true)
  }

  @discardableResult
  func delete<Model: Identifiable & Sendable>(where predicate: Predicate<Model>) throws -> Int
  where Model.ID: Sendable {
    try run(Model.self, OpenDeleteWhere(predicate: predicate), savepoint: true)
  }
}

/// One operation of a unit of work on a model type known only as generic: ``run(_:on:)`` opens
/// the type as a ``PersistentModel`` and hands the operation to an engine's
/// ``ModelOperations``.
protocol TransactionOperation {
  associatedtype Model
  associatedtype Result
  func run<Persistent: PersistentModel>(_ type: Persistent.Type, on operations: some ModelOperations) throws -> Result
}

extension TransactionOperation {
  /// Runs the operation on `operations` with `type`, the operation's `Model`, opened.
  func run(_ type: any PersistentModel.Type, on operations: some ModelOperations) throws -> Result {
    func open<Persistent: PersistentModel>(_: Persistent.Type) throws -> Result {
      try run(Persistent.self, on: operations)
    }
    return try open(type)
  }
}

/// The same value, seen as the type it is known to have: `Persistent` is `Model`, opened.
func same<Value, Target>(_ value: Value, as _: Target.Type) -> Target {
  // A mismatch would be a bug of its caller: each operation opens exactly its own model type.
  value as! Target
}

private struct OpenInsert<Model>: TransactionOperation {
  let models: [Model]
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws {
    try operations.insert(same(models, as: [Persistent].self))
  }
}

private struct OpenUpsert<Model>: TransactionOperation {
  let models: [Model]
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws {
    try operations.upsert(same(models, as: [Persistent].self))
  }
}

private struct OpenUpsertRows<Model: Identifiable & Sendable>: TransactionOperation where Model.ID: Sendable {
  let rows: [Upsert<Model>]
  func run<Persistent: PersistentModel>(
    _: Persistent.Type, on operations: some ModelOperations
  ) throws -> [UpsertOutcome<Model.ID>] {
    same(try operations.upsert(rows: same(rows, as: [Upsert<Persistent>].self)), as: [UpsertOutcome<Model.ID>].self)
  }
}

private struct OpenUpdate<Model>: TransactionOperation {
  let models: [Model]
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws {
    try operations.update(same(models, as: [Persistent].self))
  }
}

private struct OpenFetch<Model>: TransactionOperation {
  let descriptor: FetchDescriptor<Model>
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws -> [Model] {
    same(try operations.fetch(same(descriptor, as: FetchDescriptor<Persistent>.self)), as: [Model].self)
  }
}

private struct OpenCount<Model>: TransactionOperation {
  let descriptor: FetchDescriptor<Model>
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws -> Int {
    try operations.count(same(descriptor, as: FetchDescriptor<Persistent>.self))
  }
}

private struct OpenDelete<Model: Identifiable>: TransactionOperation {
  let ids: [Model.ID]
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws {
    try operations.delete(ids: same(ids, as: [Persistent.ID].self), of: Persistent.self)
  }
}

private struct OpenDeleteWhere<Model>: TransactionOperation {
  let predicate: Predicate<Model>
  func run<Persistent: PersistentModel>(_: Persistent.Type, on operations: some ModelOperations) throws -> Int {
    try operations.delete(where: same(predicate, as: Predicate<Persistent>.self))
  }
}
