extension Repository {
  /// Reads, changes and stores a model with ``fetch(id:)`` then ``update(_:)-(Model)``.
  ///
  /// This default is not atomic: a write between the two calls is overwritten. A store that
  /// can read and write in one transaction implements ``update(id:_:)`` itself, as
  /// `SQLiteRepository` and `InMemoryRepository` do.
  ///
  /// - Throws: as ``update(id:_:)`` does.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    guard var model = try await fetch(id: id) else { throw RepositoryError.notFound(id: String(describing: id)) }
    try change(&model)
    try await update(model)
    return model
  }

  /// Reads and stores the whole model with ``update(id:_:)``: a store that holds every
  /// property in memory loses nothing by it. Stores that read from files implement it to read
  /// only what is listed, as `SQLiteRepository` does.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await update(id: id, change)
  }

  /// Reads and stores the listed and the replaced properties with
  /// ``update(id:properties:_:)``: a store that holds every property in memory loses nothing
  /// by reading what is replaced. Stores that read from files implement it to skip the read,
  /// as `SQLiteRepository` does.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable],
    _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try await update(id: id, properties: properties.isEmpty ? [] : properties + replacing, change)
  }
}
