/// What identifies a stored model: its identifier and the unique keys its storage declares,
/// for ``InMemoryRepository`` to enforce as the SQLite repository does, and for the contract
/// suite to check.
///
/// The identifier's key path is writable because an upsert that matches a stored model by a
/// unique key keeps the stored model's identifier (`Identifiable.id` alone is read-only to
/// generic code).
///
/// <!-- snippet context: kit -->
/// ```swift
/// let planets = InMemoryRepository<Planet>(keys: ModelKeys(id: \.id, unique: [UniqueKey(\.name)]))
/// ```
public struct ModelKeys<Model: Identifiable>: Sendable {
  /// The model's identifier.
  public let id: any WritableKeyPath<Model, Model.ID> & Sendable
  /// The attributes whose values no two stored models may share, in declaration order.
  public let unique: [UniqueKey<Model>]

  /// Declares a model's identifier and unique keys (as its `Entity` declares them in Data).
  public init(id: any WritableKeyPath<Model, Model.ID> & Sendable, unique: [UniqueKey<Model>]) {
    self.id = id
    self.unique = unique
  }

  /// Returns `model` with the identifier `id`.
  public func model(_ model: Model, withID id: Model.ID) -> Model {
    var copy = model
    copy[keyPath: self.id] = id
    return copy
  }
}
