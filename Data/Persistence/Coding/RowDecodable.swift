/// A model that reads itself from a stored row, skipping `Codable`'s containers: the fast path
/// for a model read in bulk.
///
/// Every fetch, cursor and raw-SQL read of a model that conforms calls ``init(row:)`` instead
/// of `init(from:)`. The model still encodes itself with `Codable`, and the schema is still
/// inferred from its coding keys, so the initializer reads each attribute by its coding key
/// and must read what `init(from:)` would: the same keys, types and defaults. Attributes a
/// fetch leaves out (`propertiesToFetch`) read as empty values, as with `Codable`.
///
/// <!-- snippet context: storage -->
/// ```swift
/// extension Movie: RowDecodable {
///   public init(row: StoredRow) throws {
///     self.init(
///       id: try row.decode(forKey: "id"), title: try row.decode(forKey: "title"),
///       content: try row.decode(forKey: "content"), images: try row.decode(forKey: "images"),
///       date: try row.decode(forKey: "date"), rate: try row.decode(forKey: "rate"),
///       heart: try row.decode(forKey: "heart"), runtime: try row.decodeIfPresent(forKey: "runtime"))
///   }
/// }
/// ```
///
/// Read the attributes in the order the table stores them (the model's coding keys' order):
/// the row then finds each column without a lookup.
public protocol RowDecodable {
  /// Creates a model from the row a fetch is on.
  ///
  /// - Throws: the error a read of ``StoredRow`` throws, for a value of the wrong type or a
  ///   key the table has no column for.
  init(row: StoredRow) throws
}
