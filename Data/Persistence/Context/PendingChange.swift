/// A change staged in a ``ModelContext`` and not yet saved.
public struct PendingChange: Sendable, Hashable {
  /// What the change does to the model's row.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A new model.
    case insert
    /// A stored model replaced.
    case update
    /// A stored model removed.
    case delete
  }

  /// The model's type name, such as `Movie`.
  public let model: String
  /// The model's identifier, as text.
  public let id: String
  /// What happens to it.
  public let kind: Kind
}
