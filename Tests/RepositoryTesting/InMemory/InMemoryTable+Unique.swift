import Repositories

/// How an ``InMemoryTable`` keeps its unique keys, as SQLite's unique indexes do: each key's
/// values are looked up in ``InMemoryTable/holders``, kept with the rows by the only four
/// methods that change them.
extension InMemoryTable {
  /// Throws if a stored model other than the one stored as `id` has the same values as `model`
  /// for one of the unique keys.
  func checkUnique(_ model: Model, storedAs id: Model.ID) throws(RepositoryError) {
    for (index, key) in (keys?.unique ?? []).enumerated() {
      if let holder = holder(of: model, key: index), holder != id {
        throw .constraintViolation("a model with the same \(key) is already stored")
      }
    }
  }

  /// The identifier of the stored model that has the same values as `model` for the first
  /// unique key, in declaration order, that any stored model shares.
  func matchingUniqueValues(of model: Model) -> Model.ID? {
    holder(sharingAKeyWith: model, excluding: nil)
  }

  /// The stored model other than `excluded` that has the same values as `model` for the first
  /// unique key, in declaration order, that such a model shares.
  func holder(sharingAKeyWith model: Model, excluding excluded: Model.ID?) -> Model.ID? {
    for index in holders.indices {
      if let holder = holder(of: model, key: index), holder != excluded { return holder }
    }
    return nil
  }

  /// Adds a model after every stored one.
  mutating func append(_ model: Model) {
    rows[model.id] = Row(position: nextPosition, model: model)
    nextPosition += 1
    hold(model)
  }

  /// Replaces the model stored as `id`, which keeps its position.
  mutating func replace(_ id: Model.ID, with model: Model) {
    guard let stored = rows[id]?.model else { return }
    release(stored)
    rows[id]?.model = model
    hold(model)
  }

  /// Removes the model stored as `id`.
  mutating func remove(_ id: Model.ID) {
    guard let stored = rows.removeValue(forKey: id)?.model else { return }
    release(stored)
  }

  /// Removes every model.
  mutating func removeAll() {
    rows.removeAll()
    reindex()
  }

  /// `model` stored as `id`: what an upsert that matched a unique key stores.
  func model(_ model: Model, storedAs id: Model.ID) -> Model {
    guard model.id != id, let keys else { return model }
    return keys.model(model, withID: id)
  }

  /// Builds ``holders`` again from every row: after the keys are declared, or the rows emptied.
  mutating func reindex() {
    holders = Array(repeating: [:], count: keys?.unique.count ?? 0)
    for row in rows.values { hold(row.model) }
  }

  /// The model holding `model`'s values of the `index`th key; `nil` when none does, or when
  /// one of those values is `nil` (which, as in SQLite, conflicts with nothing).
  private func holder(of model: Model, key index: Int) -> Model.ID? {
    guard let values = keys?.unique[index].values(of: model) else { return nil }
    return holders[index][UniqueValues(values)]
  }

  /// Records `model` as holding its values of every key (each checked free beforehand).
  private mutating func hold(_ model: Model) {
    for (index, key) in (keys?.unique ?? []).enumerated() {
      if let values = key.values(of: model) { holders[index][UniqueValues(values)] = model.id }
    }
  }

  /// Forgets `model`'s values, where it is the one holding them.
  private mutating func release(_ model: Model) {
    for (index, key) in (keys?.unique ?? []).enumerated() {
      if let values = key.values(of: model).map(UniqueValues.init), holders[index][values] == model.id {
        holders[index][values] = nil
      }
    }
  }
}

/// One model's values of a unique key, as ``InMemoryTable/holders`` looks them up.
///
/// `@unchecked Sendable` is safe: the values come only from ``UniqueKey/values(of:)``, whose
/// initializer takes key paths to `Hashable & Sendable` values alone; `AnyHashable` merely
/// hides that they are `Sendable`, and nothing here mutates them.
struct UniqueValues: Hashable, @unchecked Sendable {
  let values: [AnyHashable]

  init(_ values: [AnyHashable]) { self.values = values }
}
