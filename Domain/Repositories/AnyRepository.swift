public import Foundation

/// A repository whose store is chosen when the app runs: any ``Repository`` of the model,
/// behind one type.
///
/// Use cases are generic over their repositories, which keeps them fast and testable; an app
/// that picks its store at launch (a file, or a server) wraps whichever repository it opened,
/// and its use cases take `AnyRepository<Model>`. Each call is forwarded as it is.
///
/// <!-- snippet context: app -->
/// ```swift
/// func listing(_ movies: any Repository<Movie>) -> ListMovies<AnyRepository<Movie>> {
///   ListMovies(movies: AnyRepository(movies))
/// }
/// ```
public struct AnyRepository<Model: Identifiable & Sendable>: Repository where Model.ID: Sendable {
  /// The repository calls are forwarded to.
  public let base: any Repository<Model>

  /// Wraps a repository.
  public init(_ base: any Repository<Model>) {
    self.base = base
  }

  /// Forwards `insert(_:)` of one model.
  public func insert(_ model: Model) async throws { try await base.insert(model) }

  /// Forwards `insert(_:)` of many models.
  public func insert(_ models: [Model]) async throws { try await base.insert(models) }

  /// Forwards ``Repository/upsert(_:)``.
  public func upsert(_ models: [Model]) async throws { try await base.upsert(models) }

  /// Forwards `update(_:)` of one model.
  public func update(_ model: Model) async throws { try await base.update(model) }

  /// Forwards ``Repository/update(id:_:)``.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    try await base.update(id: id, change)
  }

  /// Forwards ``Repository/update(id:properties:_:)``.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await base.update(id: id, properties: properties, change)
  }

  /// Forwards ``Repository/update(id:properties:replacing:_:)``.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable],
    _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await base.update(id: id, properties: properties, replacing: replacing, change)
  }

  /// Forwards `update(_:)` of many models.
  public func update(_ models: [Model]) async throws { try await base.update(models) }

  /// Forwards ``Repository/fetch(_:)``.
  public func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model] {
    try await base.fetch(descriptor)
  }

  /// Forwards ``Repository/enumerate(_:_:)``.
  public func enumerate(_ descriptor: FetchDescriptor<Model>, _ body: (Model) async throws -> Void) async throws {
    try await base.enumerate(descriptor, body)
  }

  /// Forwards ``Repository/fetchIdentifiers(_:)``.
  public func fetchIdentifiers(_ descriptor: FetchDescriptor<Model>) async throws -> [Model.ID] {
    try await base.fetchIdentifiers(descriptor)
  }

  /// Forwards ``Repository/fetch(id:)``.
  public func fetch(id: Model.ID) async throws -> Model? { try await base.fetch(id: id) }

  /// Forwards ``Repository/fetch(ids:)``.
  public func fetch(ids: [Model.ID]) async throws -> [Model] { try await base.fetch(ids: ids) }

  /// Forwards ``Repository/fetchCount(_:)``.
  public func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int {
    try await base.fetchCount(descriptor)
  }

  /// Forwards ``Repository/delete(_:)``.
  public func delete(_ model: Model) async throws { try await base.delete(model) }

  /// Forwards ``Repository/delete(id:)``.
  public func delete(id: Model.ID) async throws { try await base.delete(id: id) }

  /// Forwards ``Repository/delete(ids:)``.
  public func delete(ids: [Model.ID]) async throws { try await base.delete(ids: ids) }

  /// Forwards ``Repository/delete(where:)``.
  @discardableResult
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    try await base.delete(where: predicate)
  }

  /// Forwards ``Repository/count(groupedBy:where:)``.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> [Value: Int] {
    try await base.count(groupedBy: keyPath, where: predicate)
  }

  /// Forwards ``Repository/minimum(of:where:)``.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await base.minimum(of: keyPath, where: predicate)
  }

  /// Forwards ``Repository/maximum(of:where:)``.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await base.maximum(of: keyPath, where: predicate)
  }

  /// Forwards ``Repository/average(of:where:)``.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Double? {
    try await base.average(of: keyPath, where: predicate)
  }

  /// Forwards ``Repository/deleteAll()``.
  @discardableResult
  public func deleteAll() async throws -> Int { try await base.deleteAll() }
}

/// A unit of work whose store is chosen when the app runs: any ``UnitOfWork``, behind one type.
public struct AnyUnitOfWork: UnitOfWork {
  /// The unit of work calls are forwarded to.
  public let base: any UnitOfWork

  /// Wraps a unit of work.
  public init(_ base: any UnitOfWork) {
    self.base = base
  }

  /// Forwards ``UnitOfWork/transaction(_:)``.
  public func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    try await base.transaction(body)
  }
}
