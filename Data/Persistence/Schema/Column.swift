/// A stored attribute of a model: one coding key, one column.
package struct Column: Sendable, Hashable {
  /// The column name, which is the property's coding key.
  package let name: String
  /// How values are stored.
  package let kind: ValueKind
  /// Whether the property is optional, so the column may hold `NULL`.
  package let isOptional: Bool

  /// Creates a column description.
  package init(name: String, kind: ValueKind, isOptional: Bool) {
    self.name = name
    self.kind = kind
    self.isOptional = isOptional
  }
}
