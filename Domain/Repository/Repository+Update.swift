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
}
