public import Foundation
public import Repositories

/// A repository that keeps its models in memory, for tests of the code that uses repositories.
///
/// It evaluates a `FetchDescriptor` the way the SQLite repository does, so a use case tested
/// against it behaves the same in the app: it filters with the predicate and keeps the models
/// after `after`, sorts with the sort descriptors (ties in identifier order, as in SQLite),
/// then skips `fetchOffset` models and keeps at most `fetchLimit`. Writes are all-or-nothing, and a failure can be
/// injected to test how callers handle a store that fails.
///
/// <!-- snippet context: kit -->
/// ```swift
/// let planets = InMemoryRepository<Planet>(keys: PlanetFixture.keys)
/// try await planets.insert(.earth)
/// planets.failNextWrite(with: RepositoryError.unavailable("disk full"))
/// await #expect(throws: RepositoryError.self) { try await planets.insert(.saturn) }
/// ```
///
/// Repositories made on one ``InMemoryStore`` share it, and its `UnitOfWork` transactions
/// change several of them at once. It is `Sendable`: its models live in the store, behind its
/// lock, and every method does its work before it returns.
public final class InMemoryRepository<Model>: Repository
where Model: Identifiable & Sendable, Model.ID: Sendable {
  /// The store that holds the repository's models.
  public let store: InMemoryStore

  /// Creates a repository on a store: a new, private one unless one is given.
  ///
  /// Given a model's `keys`, the store enforces its unique keys for every repository and
  /// transaction on it, as the SQLite repository enforces the model's `Entity.Unique`
  /// declarations: an insert, update or upsert that would make two models share a key's values
  /// throws `RepositoryError/constraintViolation(_:)` and changes nothing, and an upsert
  /// replaces the model it matches by a unique key, keeping its identifier. Without them, only
  /// identifiers are unique (and keys declared before, on the same store, stay).
  public init(store: InMemoryStore = InMemoryStore(), keys: ModelKeys<Model>? = nil) {
    self.store = store
    if let keys { store.declare(keys) }
  }

  /// Creates a repository that holds the given models, in that insertion order.
  ///
  /// - Throws: `RepositoryError/constraintViolation(_:)` if two models share an identifier or
  ///   the values of one of `keys`' unique keys.
  public convenience init(
    _ models: [Model], store: InMemoryStore = InMemoryStore(), keys: ModelKeys<Model>? = nil
  )
    throws
  {
    self.init(store: store, keys: keys)
    try write { try $0.insert(models) }
  }

  /// The stored models, in insertion order.
  public var storedModels: [Model] {
    store.models(of: Model.self)
  }

  /// Makes the next write throw `error` instead of changing anything.
  public func failNextWrite(with error: any Error & Sendable) {
    store.inject(error, intoNext: .write, of: Model.self)
  }

  /// Makes the next read throw `error` instead of returning models.
  public func failNextRead(with error: any Error & Sendable) {
    store.inject(error, intoNext: .read, of: Model.self)
  }

  /// Inserts a new model.
  ///
  /// - Throws: `RepositoryError/constraintViolation(_:)` if its identifier, or its values of a
  ///   declared unique key, are already stored.
  public func insert(_ model: Model) async throws {
    try write { try $0.insert([model]) }
  }

  /// Inserts many new models: all of them, or none.
  ///
  /// - Throws: `RepositoryError/constraintViolation(_:)` if an identifier, or the values of a
  ///   declared unique key, are already stored or appear twice.
  public func insert(_ models: [Model]) async throws {
    try write { try $0.insert(models) }
  }

  /// Replaces a stored model.
  ///
  /// - Throws: `RepositoryError/notFound(id:)` if no model has that identifier;
  ///   `RepositoryError/constraintViolation(_:)` if another has its values of a unique key.
  public func update(_ model: Model) async throws {
    try write { try $0.update([model]) }
  }

  /// Reads, changes and stores a model under the store's lock: no other write comes
  /// between. A change that throws stores nothing.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    try write { table in
      guard var model = table.rows[id]?.model else { throw RepositoryError.notFound(id: String(describing: id)) }
      try change(&model)
      try table.update([model])
      return model
    }
  }

  /// Inserts each model, or replaces the stored one with the same identifier or, failing that,
  /// the same values of a declared unique key (which keeps its identifier and position): all
  /// of them, or none.
  ///
  /// - Throws: `RepositoryError/constraintViolation(_:)` if a replaced model would share a
  ///   unique key's values with another.
  public func upsert(_ models: [Model]) async throws {
    try write { try $0.upsert(models) }
  }

  /// Replaces many stored models: all of them, or none.
  ///
  /// - Throws: `RepositoryError/notFound(id:)` naming the first model that is not stored.
  public func update(_ models: [Model]) async throws {
    try write { try $0.update(models) }
  }

  /// Returns the models that match a descriptor: filtered, sorted, then paged.
  ///
  /// A negative `fetchOffset` counts as zero and a negative `fetchLimit` as no limit, as in
  /// SQLite ([LIMIT and OFFSET](https://sqlite.org/lang_select.html#limitoffset)).
  ///
  /// - Throws: `RepositoryError/unsupportedQuery(_:)` if the predicate cannot be evaluated,
  ///   or for a position (`after`) in an unsorted descriptor.
  public func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model] {
    try store.read(descriptor) { try $0.fetch(descriptor, referenced: $1) }
  }

  /// Returns the model with an identifier, or `nil` if there is none.
  public func fetch(id: Model.ID) async throws -> Model? {
    try read { $0.rows[id]?.model }
  }

  /// Returns the stored models with these identifiers, in the order of `ids`, each once.
  public func fetch(ids: [Model.ID]) async throws -> [Model] {
    try read { table in
      var seen = Set<Model.ID>()
      return ids.compactMap { id in seen.insert(id).inserted ? table.rows[id]?.model : nil }
    }
  }

  /// Returns how many models ``fetch(_:)`` would return for a descriptor.
  ///
  /// - Throws: `RepositoryError/unsupportedQuery(_:)` if the predicate cannot be evaluated.
  public func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int {
    try store.read(descriptor) { try $0.fetchCount(descriptor, referenced: $1) }
  }

  /// Deletes the models with the given identifiers: all of them, or none.
  ///
  /// An identifier listed twice is deleted once.
  ///
  /// - Throws: `RepositoryError/notFound(id:)` naming the first identifier, in `ids` order, that
  ///   is not stored; nothing is deleted then.
  public func delete(ids: [Model.ID]) async throws {
    try write { try $0.delete(ids) }
  }

  /// Deletes every model a predicate matches: all of them, or none if it cannot be evaluated.
  ///
  /// - Throws: `RepositoryError/unsupportedQuery(_:)` if the predicate cannot be evaluated.
  @discardableResult
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    try write { try $0.delete(where: predicate) }
  }

  /// Deletes every model and returns how many were deleted.
  @discardableResult
  public func deleteAll() async throws -> Int {
    try write { $0.deleteAll() }
  }

  private func write<Result: Sendable>(_ body: (inout InMemoryTable<Model>) throws -> Result) throws -> Result {
    try store.access(Model.self, writing: true, body)
  }

  private func read<Result: Sendable>(_ body: (InMemoryTable<Model>) throws -> Result) throws -> Result {
    try store.access(Model.self, writing: false) { try body($0) }
  }
}
