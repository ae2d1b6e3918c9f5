public import Foundation
import Repositories

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
/// staged for an identifier is the one saved. Closing the container never drops what is staged
/// (``ModelContainer/close()``): it saves it when the context autosaves (``autosaveEnabled``)
/// and otherwise throws, leaving the store open. A context released with staged changes lets
/// them go, unless it autosaves: then the container's close saves them. A context is not `Sendable`: use it from one
/// task or actor — a ``ModelActor`` owns one for background work.
public final class ModelContext {
  /// The container whose store this context writes.
  public let container: ModelContainer
  /// The name recorded as the author of this context's saves in the store's history.
  public var author: String? {
    get { pending.withStaged { $0.author } }
    set { pending.withStaged { $0.author = newValue } }
  }
  /// Whether the context saves its staged changes on its own, as SwiftData's autosave does: the
  /// reads — ``fetch(_:)``, ``fetchCount(_:)``, ``fetchIdentifiers(_:)`` and
  /// ``enumerate(_:batchSize:allowEscapingMutations:block:)`` — save them first, so that they
  /// see them, and ``ModelContainer/close()`` saves them before it closes the store, even those
  /// of a context already released. Off by default, so that nothing is written before an
  /// explicit ``save()``; then ``ModelContainer/close()`` refuses to close over unsaved changes.
  /// ``transaction(_:)`` saves when its work ends either way.
  public var autosaveEnabled: Bool {
    get { pending.withStaged { $0.autosaves } }
    set { pending.withStaged { $0.autosaves = newValue } }
  }

  let store: any DatabaseStore
  /// The staged changes, which the store's close can reach too (``ContextChanges``).
  private let pending = ContextChanges()
  /// How many times something was staged: ``enumerate(_:batchSize:allowEscapingMutations:block:)``
  /// tells by it whether its block staged changes.
  private(set) var stagings = 0

  /// Creates a context for the store of a configuration: the named one, or the container's
  /// only one.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if there is no such configuration,
  ///   or none was named and the container has several.
  public init(_ container: ModelContainer, configuration: String? = nil) throws(PersistenceError) {
    self.container = container
    store = try container.store(named: configuration)
    store.track(pending)
  }

  /// A context for a store the container already found.
  init(container: ModelContainer, store: any DatabaseStore) {
    self.container = container
    self.store = store
    store.track(pending)
  }

  deinit {
    // What an autosaving context staged is saved when its container closes; one that does not
    // autosave lets its changes go with it, as a value dropped without saving.
    store.keepIfAutosaving(pending)
  }

  /// Whether changes are staged and not saved: models, or a ``delete(model:where:)``.
  public var hasChanges: Bool { pending.withStaged { !$0.isEmpty } }

  /// The staged changes of models, in the order they were first staged; a
  /// ``delete(model:where:)`` names no model until it runs, so it is not listed.
  public var pendingChanges: [PendingChange] { staged.map(\.pending) }

  /// The models staged to be inserted, in the order they were first staged, each as last
  /// staged — SwiftData's `insertedModelsArray`. A model inserted and then updated is listed
  /// here, with its latest value; one inserted and then deleted is not listed at all.
  ///
  /// As in SwiftData, the elements are `any PersistentModel`; cast them to their type:
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let context = try ModelContext(container)
  /// context.insert(Movie(title: "Alien", date: .now))
  /// let titles = context.insertedModelsArray.compactMap { ($0 as? Movie)?.title }
  /// ```
  public var insertedModelsArray: [any PersistentModel] { models(staged: .insert) }

  /// The stored models staged to be replaced by a new value, each as last staged —
  /// SwiftData's `changedModelsArray`. A model deleted and then inserted again is listed here.
  public var changedModelsArray: [any PersistentModel] { models(staged: .update) }

  /// The stored models staged to be deleted — SwiftData's `deletedModelsArray`. The models a
  /// ``delete(model:where:)`` removes are not known until it runs, so they are not listed.
  public var deletedModelsArray: [any PersistentModel] { models(staged: .delete) }

  /// Stages a new model.
  public func insert<Model: PersistentModel>(_ model: Model) { stage(model, .insert) }

  /// Stages the new value of a stored model.
  public func update<Model: PersistentModel>(_ model: Model) { stage(model, .update) }

  /// Stages the removal of a stored model.
  public func delete<Model: PersistentModel>(_ model: Model) { stage(model, .delete) }

  /// Stages the removal of every stored model of a type that a predicate matches (every one,
  /// without a predicate) — SwiftData's batch delete. As SwiftData documents, the models are
  /// removed during the next save, in one `DELETE` statement within its transaction, and
  /// history records each one: after the save, no stored model of the type matches the
  /// predicate. It runs after the save's changes of single models, so a model inserted or
  /// updated in the same save that matches it is removed too. ``rollback()`` forgets it.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let context = try ModelContext(container)
  /// try context.delete(model: Movie.self, where: #Predicate { $0.rate < 3 })
  /// try context.save()
  /// ```
  ///
  /// SwiftData's `includeSubclasses:` has no counterpart: models are values, with no subclasses.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` naming a part of the predicate SQL cannot
  ///   evaluate, or `RepositoryError.unavailable` if the context's store does not hold the
  ///   type; nothing is staged then.
  public func delete<Model: PersistentModel>(model: Model.Type, where predicate: Predicate<Model>? = nil) throws {
    let repository = try repository(for: Model.self)
    do {
      let delete = try StagedBatchDelete(Model.self, where: predicate, in: repository)
      pending.withStaged { $0.batchDeletes.append(delete) }
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
    stagings += 1
  }

  /// Writes every staged change in one transaction and forgets them.
  ///
  /// - Throws: `RepositoryError` — `constraintViolation` for a duplicate or a broken reference,
  ///   `notFound` for an update or delete of a model that is not stored, `unavailable` when the
  ///   store cannot be written. The store is then unchanged and every change is still staged.
  public func save() throws {
    try pending.save(to: store)
  }

  /// Forgets every staged change; the store is not touched.
  public func rollback() {
    pending.withStaged { staged in
      staged.changes.removeAll()
      staged.batchDeletes.removeAll()
    }
  }

  /// Runs `work`, which stages changes, then saves: the work's changes are all stored, or, if
  /// `work` or the save throws, none of them stay staged. Changes staged before are saved
  /// with them.
  ///
  /// - Throws: what `work` throws, or what ``save()`` throws.
  public func transaction<T>(_ work: () throws -> T) throws -> T {
    let (savedChanges, savedDeletes) = pending.withStaged { ($0.changes, $0.batchDeletes) }
    do {
      let result = try work()
      try save()
      return result
    } catch {
      pending.withStaged { staged in (staged.changes, staged.batchDeletes) = (savedChanges, savedDeletes) }
      throw error
    }
  }

  // MARK: Staging

  private func stage<Model: PersistentModel>(_ model: Model, _ kind: PendingChange.Kind) {
    stagings += 1
    // A model of a type the store does not hold is refused by save(), with a clear error.
    let change = StagedChange(kind: kind, model: StagedValue(model))
    pending.withStaged { $0.changes.stage(change) }
  }

  /// The staged changes of models, in the order they were first staged.
  private var staged: [StagedChange] { pending.withStaged { $0.changes.all } }

  private func models(staged kind: PendingChange.Kind) -> [any PersistentModel] {
    staged.filter { $0.kind == kind }.map(\.model.persistentModel)
  }
}
