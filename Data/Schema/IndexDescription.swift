/// An index on one or more columns of a table.
public struct IndexDescription: Sendable, Hashable {
  /// The indexed columns, most significant first.
  public let columns: [String]

  /// Creates an index on columns.
  public init(columns: [String]) { self.columns = columns }

  /// The index name: the table and columns joined, so it is stable across runs.
  func name(in table: String) -> String {
    ([table] + columns).joined(separator: "_")
  }
}
