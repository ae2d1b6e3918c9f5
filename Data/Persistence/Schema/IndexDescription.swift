/// An index on one or more columns of a table, optionally unique.
package struct IndexDescription: Sendable, Hashable {
  /// The indexed columns, most significant first.
  package let columns: [String]
  /// For each column, whether it is indexed in descending order.
  package let descending: [Bool]
  /// Whether no two rows may have the same values in these columns.
  package let isUnique: Bool

  /// Creates an index on columns.
  package init(columns: [String], descending: [Bool]? = nil, isUnique: Bool = false) {
    self.columns = columns
    self.descending = descending ?? Array(repeating: false, count: columns.count)
    self.isUnique = isUnique
  }

  /// The index name: the table and columns joined, so it is stable across runs.
  package func name(in table: String) -> String {
    ([table] + columns).joined(separator: "_") + (descending.contains(true) ? "_desc" : "")
      + (isUnique ? "_unique" : "")
  }
}
