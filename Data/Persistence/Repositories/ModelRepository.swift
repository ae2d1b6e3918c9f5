public import Foundation
public import Repositories

/// A `Repository` (Repositories) of one model type in a container's store — a store file, an
/// in-memory store or a PostgreSQL database, whichever the configuration's URL names: the
/// same code on each.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let container = try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: storeURL))
/// let movies = try ModelRepository<Movie>(container: container)
/// try await movies.insert(Movie(title: "Alien", date: .now, rate: 9))
/// let top = try await movies.fetch(FetchDescriptor(predicate: #Predicate { $0.rate >= 8 }))
/// ```
///
/// Each call goes to the database's own repository, so it behaves as ``SQLiteRepository`` on a
/// store file and as ``PostgresRepository`` on a server.
public struct ModelRepository<Model: PersistentModel>: Repository {
  let base: any StoreRepository<Model>

  /// Creates a repository for the model's configuration in a container.
  ///
  /// - Parameters:
  ///   - container: the container whose store the repository reads and writes.
  ///   - configuration: the configuration's name; may be omitted when exactly one
  ///     configuration stores the model.
  ///   - author: the author the store's history records for this repository's writes.
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if no such configuration stores
  ///   the model.
  public init(container: ModelContainer, configuration: String? = nil, author: String? = nil) throws(PersistenceError) {
    let (store, table) = try container.databaseStore(for: Model.self, configuration: configuration)
    base = store.repository(of: Model.self, table: table, author: author)
  }

  /// Inserts a new model.
  public func insert(_ model: Model) async throws { try await base.insert(model) }

  /// Inserts many models in one transaction: all of them, or none.
  public func insert(_ models: [Model]) async throws { try await base.insert(models) }

  /// Inserts each model or updates the stored one it matches, in one transaction.
  public func upsert(_ models: [Model]) async throws { try await base.upsert(models) }

  /// Replaces the stored model with the same identifier.
  public func update(_ model: Model) async throws { try await base.update(model) }

  /// Changes the stored model with an identifier, read and written in one transaction.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    try await base.update(id: id, change)
  }

  /// Changes some properties of the stored model with an identifier.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await base.update(id: id, properties: properties, change)
  }

  /// Changes some properties of the stored model with an identifier, replacing others whole.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable],
    _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await base.update(id: id, properties: properties, replacing: replacing, change)
  }

  /// Replaces many stored models in one transaction: all of them, or none.
  public func update(_ models: [Model]) async throws { try await base.update(models) }

  /// Returns the models that match a descriptor, in its sort order.
  public func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model] {
    try await base.fetch(descriptor)
  }

  /// Calls `body` with each model a descriptor matches, in its sort order.
  public func enumerate(_ descriptor: FetchDescriptor<Model>, _ body: (Model) async throws -> Void) async throws {
    try await base.enumerate(descriptor, body)
  }

  /// Returns the identifiers of the models a descriptor matches, in its order.
  public func fetchIdentifiers(_ descriptor: FetchDescriptor<Model>) async throws -> [Model.ID] {
    try await base.fetchIdentifiers(descriptor)
  }

  /// Returns the model with an identifier, or `nil`.
  public func fetch(id: Model.ID) async throws -> Model? { try await base.fetch(id: id) }

  /// Returns the stored models with these identifiers, in the order of `ids`, each once.
  public func fetch(ids: [Model.ID]) async throws -> [Model] { try await base.fetch(ids: ids) }

  /// Returns how many models a descriptor matches.
  public func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int {
    try await base.fetchCount(descriptor)
  }

  /// Deletes a stored model.
  public func delete(_ model: Model) async throws { try await base.delete(model) }

  /// Deletes the model with an identifier.
  public func delete(id: Model.ID) async throws { try await base.delete(id: id) }

  /// Deletes the models with these identifiers in one transaction: all of them, or none.
  public func delete(ids: [Model.ID]) async throws { try await base.delete(ids: ids) }

  /// Deletes every model a predicate matches, in one statement, and returns how many.
  @discardableResult
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    try await base.delete(where: predicate)
  }

  /// Returns how many models match a predicate, per value of an attribute.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> [Value: Int] {
    try await base.count(groupedBy: keyPath, where: predicate)
  }

  /// Returns the smallest value of an attribute among the models a predicate matches.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await base.minimum(of: keyPath, where: predicate)
  }

  /// Returns the largest value of an attribute among the models a predicate matches.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await base.maximum(of: keyPath, where: predicate)
  }

  /// Returns the mean of an integer attribute among the models a predicate matches.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Double? {
    try await base.average(of: keyPath, where: predicate)
  }

  /// Deletes every model, in one statement, and returns how many were deleted.
  @discardableResult
  public func deleteAll() async throws -> Int { try await base.deleteAll() }

  /// Fails naming the stored models whose values cannot be read — another program damaged
  /// them — which reads skip. A PostgreSQL database's column types keep such values out.
  ///
  /// - Throws: `RepositoryError.unreadable` naming the rows.
  public func checkReadable() async throws { try await base.checkReadable() }

  /// Checks that a descriptor's query can be run, without running it.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the first expression or sort
  ///   that cannot be translated.
  public func validate(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) {
    try base.validate(descriptor)
  }
}
