package import SQLValues

/// The resolved storage of one model type: its table, columns and indexes.
///
/// A table schema is built once, when a ``ModelContainer`` is created, from the model's
/// `Codable` shape refined by its ``Entity`` declaration.
package struct TableSchema: Sendable, Hashable {
  /// The table name.
  package let name: String
  /// The columns, in the order the model encodes them.
  package let columns: [Column]
  /// The indexes to create.
  package let indexes: [IndexDescription]
  /// The references to other tables.
  package let foreignKeys: [ForeignKeyDescription]
  /// Earlier names of renamed columns, by current name.
  package let originalNames: [String: String]
  /// The values a migration gives existing rows for a new attribute, by column.
  package let defaults: [String: SQLValue]

  /// The text columns with a substring index (``SearchIndex``), in declaration order.
  package let searchable: [String]

  /// The columns whose values the history keeps when a row is deleted, in declaration order.
  package let preservedOnDeletion: [String]

  /// The primary-key column: `id` unless the model's ``Entity`` names another.
  package let primaryKey: String
  /// The ``ModelFamily`` whose members' identifiers this table shares, or `nil`.
  package var family: String?

  /// The column list, quoted, in schema order: built once, as every query that reads whole
  /// rows names it.
  let quotedColumns: String

  /// The primary key of a model that declares none.
  package static let defaultPrimaryKey = "id"

  /// Creates a table schema.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` if the name is one of the engine's own
  ///   tables (``EngineTables``), there is no `id` column or an index names an unknown column.
  package init(
    name: String, columns: [Column], indexes: [IndexDescription] = [], foreignKeys: [ForeignKeyDescription] = [],
    originalNames: [String: String] = [:], defaults: [String: SQLValue] = [:], searchable: [String] = [],
    preservedOnDeletion: [String] = [], primaryKey: String = TableSchema.defaultPrimaryKey
  ) throws(PersistenceError) {
    guard !EngineTables.isReserved(name) else {
      throw .invalidSchema("the table name '\(name)' is reserved for the engine's own tables; give the model another")
    }
    guard columns.contains(where: { $0.name == primaryKey }) else {
      throw .invalidSchema("\(name) has no '\(primaryKey)' attribute to use as its primary key")
    }
    for index in indexes {
      for column in index.columns where !columns.contains(where: { $0.name == column }) {
        throw .invalidSchema(
          "an index of \(name) names '\(KeyPathName.readable(column))', which is not a stored attribute")
      }
    }
    for key in foreignKeys {
      guard let column = columns.first(where: { $0.name == key.column }) else {
        throw .invalidSchema(
          "a relationship of \(name) names '\(KeyPathName.readable(key.column))', which is not a stored attribute")
      }
      guard key.deleteRule != .nullify || column.isOptional else {
        throw .invalidSchema("\(name).\(key.column) must be optional for the delete rule nullify")
      }
    }
    self.name = name
    self.primaryKey = primaryKey
    self.columns = columns
    self.quotedColumns = columns.map { SQLIdentifier.quote($0.name) }.joined(separator: ", ")
    self.indexes = indexes
    for renamed in originalNames.keys where !columns.contains(where: { $0.name == renamed }) {
      throw .invalidSchema(
        "\(name) declares '\(KeyPathName.readable(renamed))' renamed, but it is not a stored attribute")
    }
    for column in defaults.keys where !columns.contains(where: { $0.name == column }) {
      throw .invalidSchema(
        "\(name) declares a default for '\(KeyPathName.readable(column))', which is not a stored attribute")
    }
    for column in searchable {
      guard columns.contains(where: { $0.name == column && $0.kind == .text }) else {
        throw .invalidSchema(
          "\(name) declares '\(KeyPathName.readable(column))' searchable, but it is not a stored text attribute")
      }
    }
    guard Set(searchable).count == searchable.count else {
      throw .invalidSchema("\(name) declares an attribute searchable twice")
    }
    self.searchable = searchable
    for column in preservedOnDeletion {
      guard columns.contains(where: { $0.name == column && $0.kind != .external }) else {
        throw .invalidSchema(
          "\(name) declares '\(KeyPathName.readable(column))' preserved on deletion, but it is not an attribute stored in the table"
        )
      }
    }
    guard Set(preservedOnDeletion).count == preservedOnDeletion.count else {
      throw .invalidSchema("\(name) declares an attribute preserved on deletion twice")
    }
    self.preservedOnDeletion = preservedOnDeletion
    self.foreignKeys = foreignKeys
    self.originalNames = originalNames
    self.defaults = defaults
  }

  /// The position of a column, if the table has it.
  package func columnIndex(named name: String) -> Int? {
    columns.firstIndex { $0.name == name }
  }

  /// The index of the primary key among ``columns``.
  var primaryKeyIndex: Int { columnIndex(named: primaryKey) ?? 0 }
}
