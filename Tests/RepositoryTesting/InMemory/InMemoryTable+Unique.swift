import Repositories

/// How an ``InMemoryTable`` keeps its unique keys, as SQLite's unique indexes do.
extension InMemoryTable {
  /// Throws if a stored model other than the one stored as `id` has the same values as `model`
  /// for one of the unique keys.
  func checkUnique(_ model: Model, storedAs id: Model.ID) throws(RepositoryError) {
    for key in keys?.unique ?? [] {
      if rows.values.contains(where: { $0.model.id != id && key.conflicts(model, $0.model) }) {
        throw .constraintViolation("a model with the same \(key) is already stored")
      }
    }
  }

  /// The identifier of the stored model that has the same values as `model` for the first
  /// unique key, in declaration order, that any stored model shares.
  func matchingUniqueValues(of model: Model) -> Model.ID? {
    for key in keys?.unique ?? [] {
      if let row = rows.values.first(where: { key.conflicts(model, $0.model) }) { return row.model.id }
    }
    return nil
  }

  /// Adds a model after every stored one.
  mutating func append(_ model: Model) {
    rows[model.id] = Row(position: nextPosition, model: model)
    nextPosition += 1
  }

  /// `model` stored as `id`: what an upsert that matched a unique key stores.
  func model(_ model: Model, storedAs id: Model.ID) -> Model {
    guard model.id != id, let keys else { return model }
    return keys.model(model, withID: id)
  }
}
