/// A stored attribute of a model: one coding key, one column.
public struct Column: Sendable, Hashable {
  /// The column name, which is the property's coding key.
  public let name: String
  /// How values are stored.
  public let kind: ValueKind
  /// Whether the property is optional, so the column may hold `NULL`.
  public let isOptional: Bool

  /// Creates a column description.
  public init(name: String, kind: ValueKind, isOptional: Bool) {
    self.name = name
    self.kind = kind
    self.isOptional = isOptional
  }
}
