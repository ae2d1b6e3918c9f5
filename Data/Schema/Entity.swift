/// How one model type is stored, declared beside the engine rather than on the entity.
///
/// Without a declaration a model is stored in a table named after its type, one column per
/// coding key. A declaration refines that:
///
/// ```swift
/// extension Movie: PersistentModel {
///   public static let entity = Entity<Movie>(table: "movies", indexes: [\.date, \.rate])
/// }
/// ```
public struct Entity<Model>: Sendable {
  /// The table name, or `nil` for the type's name.
  public let tableName: String?
  /// The indexes, as column names resolved from key paths.
  public let indexes: [IndexDescription]

  /// Declares a model's table name and single-column indexes.
  ///
  /// Key paths are resolved to column names here; one that names no stored property is
  /// reported when the ``ModelContainer`` is created.
  public init(table: String? = nil, indexes: [PartialKeyPath<Model>] = []) {
    self.tableName = table
    self.indexes = indexes.map { IndexDescription(columns: [KeyPathName.column(of: $0)]) }
  }

  /// Declares a model's table name and indexes of several columns each.
  public init(table: String? = nil, compositeIndexes: [[PartialKeyPath<Model>]]) {
    self.tableName = table
    self.indexes = compositeIndexes.map { IndexDescription(columns: $0.map(KeyPathName.column(of:))) }
  }
}
