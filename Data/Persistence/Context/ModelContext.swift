import Foundation
public import Repositories
import SQLiteCore

/// A unit of work on one store: inserts, updates and deletes are staged in the context, and
/// ``save()`` writes them all in one transaction, or none of them.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let context = try ModelContext(container)
/// context.insert(Movie(title: "Alien", date: .now))
/// context.delete(oldMovie)
/// try context.save()  // both, or neither
/// ```
///
/// Models are values, so a changed model is staged again with ``update(_:)``; the last value
/// staged for an identifier is the one saved. A context is not `Sendable`: use it from one
/// task or actor — a ``ModelActor`` owns one for background work.
public final class ModelContext {
  /// The container whose store this context writes.
  public let container: ModelContainer
  /// The name recorded as the author of this context's saves in the store's history.
  public var author: String?
  /// Whether ``fetch(_:)`` and ``fetchCount(_:)`` save staged changes first, so that reads see
  /// them; off by default, so that nothing is written before an explicit ``save()``.
  /// ``transaction(_:)`` saves when its work ends either way.
  public var autosaveEnabled = false

  let store: Store
  private var changes: [StagedChange.Key: StagedChange] = [:]
  private var order: [StagedChange.Key] = []

  /// Creates a context for the store of a configuration: the named one, or the container's
  /// only one.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if there is no such configuration,
  ///   or none was named and the container has several.
  public init(_ container: ModelContainer, configuration: String? = nil) throws(PersistenceError) {
    self.container = container
    store = try container.store(named: configuration)
  }

  /// Whether changes are staged and not saved.
  public var hasChanges: Bool { !order.isEmpty }

  /// The staged changes, in the order they were first staged.
  public var pendingChanges: [PendingChange] { order.compactMap { changes[$0]?.pending } }

  /// Stages a new model.
  public func insert<Model: PersistentModel>(_ model: Model) { stage(model, .insert) }

  /// Stages the new value of a stored model.
  public func update<Model: PersistentModel>(_ model: Model) { stage(model, .update) }

  /// Stages the removal of a stored model.
  public func delete<Model: PersistentModel>(_ model: Model) { stage(model, .delete) }

  /// Writes every staged change in one transaction and forgets them.
  ///
  /// - Throws: `RepositoryError` — `constraintViolation` for a duplicate or a broken reference,
  ///   `notFound` for an update or delete of a model that is not stored, `unavailable` when the
  ///   store cannot be written. The store is then unchanged and every change is still staged.
  public func save() throws {
    guard hasChanges else { return }
    let staged = order.compactMap { changes[$0] }
    for change in staged where change.table == nil {
      throw RepositoryError.unavailable("\(change.model.typeName) is not stored in this context's store")
    }
    do {
      try store.write(author: author) { state in
        // References are checked at the commit, so changes may be staged in any order.
        try state.connection.execute("PRAGMA defer_foreign_keys = ON")
        let tables = Array(store.tables.values)
        for change in staged { try change.apply(in: state, tables: tables) }
      }
    } catch let error as SQLiteError where error.isForeignKeyViolation {
      throw RepositoryError.constraintViolation("a saved model refers to one that does not exist")
    } catch {
      throw RepositoryError(error, modelName: staged.first?.model.typeName ?? "model")
    }
    changes.removeAll()
    order.removeAll()
  }

  /// Forgets every staged change; the store is not touched.
  public func rollback() {
    changes.removeAll()
    order.removeAll()
  }

  /// Runs `work`, which stages changes, then saves: the work's changes are all stored, or, if
  /// `work` or the save throws, none of them stay staged. Changes staged before are saved
  /// with them.
  ///
  /// - Throws: what `work` throws, or what ``save()`` throws.
  public func transaction<T>(_ work: () throws -> T) throws -> T {
    let (savedChanges, savedOrder) = (changes, order)
    do {
      let result = try work()
      try save()
      return result
    } catch {
      (changes, order) = (savedChanges, savedOrder)
      throw error
    }
  }

  /// The stored models a descriptor matches; staged changes are not seen unless
  /// ``autosaveEnabled`` saves them first.
  ///
  /// - Throws: `RepositoryError` if the query cannot be translated or run, or the autosave fails.
  public func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> [Model]
  {
    if autosaveEnabled { try save() }
    return try repository(for: Model.self).fetchNow(descriptor)
  }

  /// How many stored models a descriptor matches.
  ///
  /// - Throws: `RepositoryError` as ``fetch(_:)`` does.
  public func fetchCount<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> Int
  {
    if autosaveEnabled { try save() }
    return try repository(for: Model.self).fetchCountNow(descriptor)
  }

  // MARK: Staging

  private func stage<Model: PersistentModel>(_ model: Model, _ kind: PendingChange.Kind) {
    let key = StagedChange.Key(type: ObjectIdentifier(Model.self), id: AnyHashable(model.id))
    // A model of a type the store does not hold is refused by save(), with a clear error.
    let next = StagedChange(
      kind: kind, model: StagedValue(value: model), table: store.tables[ObjectIdentifier(Model.self)])
    guard let previous = changes[key] else {
      changes[key] = next
      order.append(key)
      return
    }
    if let merged = previous.merged(with: next) {
      changes[key] = merged
    } else {
      changes[key] = nil
      order.removeAll { $0 == key }
    }
  }

  /// A repository on this context's store, for reads.
  private func repository<Model: PersistentModel>(
    for type: Model.Type
  ) throws(RepositoryError) -> SQLiteRepository<Model> {
    guard let table = store.tables[ObjectIdentifier(type)] else {
      throw .unavailable("\(Model.self) is not stored in this context's store")
    }
    return SQLiteRepository(store: store, table: table)
  }

}
