/// Attributes whose values, together, no two stored models may share: the in-memory form of a
/// model's `Entity.Unique` declaration, for ``InMemoryRepository`` and the contract suite.
///
/// As in SQLite, a key with a `nil` value never conflicts. Its writable key paths also let the
/// contract suite make a model that repeats another's unique values.
///
/// <!-- snippet context: kit -->
/// ```swift
/// let planets = InMemoryRepository<Planet>(keys: ModelKeys(id: \.id, unique: [UniqueKey(\.name)]))
/// ```
public struct UniqueKey<Model>: Sendable, CustomStringConvertible {
  /// The key's attributes, by property path: `["title", "date"]` for `UniqueKey(\.title, \.date)`.
  public let attributes: [String]
  private let read: @Sendable (Model) -> [AnyHashable]?
  private let write: @Sendable (Model, inout Model) -> Void

  /// Declares that no two models may have the same values for all these attributes.
  public init<each Value: Hashable & Sendable>(_ keyPaths: repeat any WritableKeyPath<Model, each Value> & Sendable) {
    var names: [String] = []
    var readers: [@Sendable (Model) -> AnyHashable?] = []
    var writers: [@Sendable (Model, inout Model) -> Void] = []
    for keyPath in repeat each keyPaths {
      let path = String(describing: keyPath)
      names.append(path.firstIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? path)
      readers.append { model in
        let value = model[keyPath: keyPath]
        return Self.isNil(value) ? nil : AnyHashable(value)
      }
      writers.append { source, target in target[keyPath: keyPath] = source[keyPath: keyPath] }
    }
    attributes = names
    read = { [readers] model in
      let values = readers.map { $0(model) }
      return values.contains(nil) ? nil : values.compactMap { $0 }
    }
    write = { [writers] source, target in writers.forEach { $0(source, &target) } }
  }

  /// The key's attributes, such as `title, date`.
  public var description: String {
    attributes.joined(separator: ", ")
  }

  /// The model's values for the key, or `nil` if one of them is `nil` (then it conflicts with
  /// no other model).
  public func values(of model: Model) -> [AnyHashable]? {
    read(model)
  }

  /// Returns `model` with the key's values of `source`.
  public func copying(from source: Model, into model: Model) -> Model {
    var copy = model
    write(source, &copy)
    return copy
  }

  /// Whether two models have the same, non-nil values for the key.
  public func conflicts(_ lhs: Model, _ rhs: Model) -> Bool {
    guard let left = values(of: lhs) else { return false }
    return left == values(of: rhs)
  }

  private static func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }
}
