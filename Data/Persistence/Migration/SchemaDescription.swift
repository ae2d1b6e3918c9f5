import Foundation
import SQLValues
import SQLiteCore

/// What a store's tables are, as SQLite itself reports them: columns, indexes, foreign keys and
/// the columns of each table's substring index.
///
/// A store read from disk and a schema created afresh are described alike, so the two compare
/// with `==`: this is how a store's version is recognized, how a migrated store is checked
/// against a new one, and what each version's committed JSON file holds.
package struct SchemaDescription: Codable, Equatable, Sendable {
  /// One table.
  package struct Table: Codable, Equatable, Sendable {
    /// The table's name.
    package var name: String
    /// Its columns, in order.
    package var columns: [Column]
    /// Its indexes other than the primary key's, by name.
    package var indexes: [Index]
    /// Its foreign keys, in order.
    package var foreignKeys: [ForeignKey]
    /// The columns of its substring index (``SearchIndex``), or `nil` when it has none; left out
    /// of the JSON then, so descriptions of stores without one read as before.
    package var search: [String]?
  }

  /// One column of a table.
  package struct Column: Codable, Equatable, Sendable {
    /// The column's name.
    package var name: String
    /// Its declared type.
    package var type: String
    /// Whether it refuses `NULL`.
    package var notNull: Bool
    /// Whether it is the primary key.
    package var primaryKey: Bool
  }

  /// One index of a table.
  package struct Index: Codable, Equatable, Sendable {
    /// The index's name.
    package var name: String
    /// Whether its values are unique.
    package var unique: Bool
    /// Its columns in order, each followed by ` DESC` when descending.
    package var columns: [String]
  }

  /// One foreign key of a table.
  package struct ForeignKey: Codable, Equatable, Sendable {
    /// The referring column.
    package var column: String
    /// The table referred to.
    package var parentTable: String
    /// The column referred to.
    package var parentColumn: String
    /// What deleting the parent does: `CASCADE`, `SET NULL`, `RESTRICT` or `NO ACTION`.
    package var onDelete: String
  }

  /// The tables, by name.
  package var tables: [Table]

  /// Whether the store has no tables at all.
  package var isEmpty: Bool { tables.isEmpty }

  /// The name of the first table, by name, that one description has and the other lacks or
  /// describes otherwise; `nil` when they are equal.
  func differingTable(from other: SchemaDescription) -> String? {
    let mine = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let theirs = Dictionary(other.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    return Set(mine.keys).union(theirs.keys).sorted().first { mine[$0] != theirs[$0] }
  }

  /// A description of these tables.
  package init(tables: [Table]) {
    self.tables = tables
  }

  /// The description of a schema version's tables, as a store of that version has them.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a model whose schema cannot be resolved.
  package init(version: any VersionedSchema.Type) throws {
    let tables = try Schema(version.models).models.map { (model) throws(PersistenceError) in try model.resolve() }
    self = try Self.expected(for: tables)
  }

  /// The description of what `tables` create in an empty store.
  static func expected(for tables: [TableSchema]) throws -> SchemaDescription {
    let connection = try Connection(location: .memory, readOnly: false)
    for table in tables {
      for statement in table.createStatements { try connection.execute(statement) }
    }
    return try read(from: connection)
  }

  /// The description of the tables a connection's database holds, leaving out SQLite's own,
  /// the record of the schema's version, the history, the manifest of external files and the
  /// substring indexes' own tables (each is described with the table it indexes).
  static func read(from connection: Connection) throws -> SchemaDescription {
    let names = try strings(
      connection,
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        + "AND name != '\(SchemaRecord.table)' AND name != '\(ExternalManifest.table)' "
        + "AND name NOT LIKE '\\_history\\_%' ESCAPE '\\' AND name NOT LIKE '\\_search\\_%' ESCAPE '\\' "
        + "ORDER BY name")
    return SchemaDescription(tables: try names.map { try table($0, connection) })
  }

  private static func table(_ name: String, _ connection: Connection) throws -> Table {
    var columns: [Column] = []
    try rows(connection, "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?1) ORDER BY cid", name) {
      columns.append(
        Column(
          name: $0.text(at: 0), type: $0.text(at: 1), notNull: $0.int64(at: 2) != 0, primaryKey: $0.int64(at: 3) != 0))
    }
    var indexes: [Index] = []
    let indexNames = try strings(
      connection,
      "SELECT name FROM pragma_index_list(?1) WHERE origin = 'c' ORDER BY name", name)
    for index in indexNames {
      var unique = false
      try rows(connection, "SELECT \"unique\" FROM pragma_index_list(?1) WHERE name = ?2", name, index) {
        unique = $0.int64(at: 0) != 0
      }
      var keyColumns: [String] = []
      try rows(connection, "SELECT name, desc FROM pragma_index_xinfo(?1) WHERE key = 1 ORDER BY seqno", index) {
        keyColumns.append($0.text(at: 0) + ($0.int64(at: 1) != 0 ? " DESC" : ""))
      }
      indexes.append(Index(name: index, unique: unique, columns: keyColumns))
    }
    var foreignKeys: [ForeignKey] = []
    try rows(
      connection, "SELECT \"from\", \"table\", \"to\", on_delete FROM pragma_foreign_key_list(?1) ORDER BY id, seq",
      name
    ) {
      foreignKeys.append(
        ForeignKey(
          column: $0.text(at: 0), parentTable: $0.text(at: 1), parentColumn: $0.text(at: 2), onDelete: $0.text(at: 3)))
    }
    let search = SearchIndex(table: name, columns: [])
    let stored = try strings(
      connection, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ?1", search.name)
    let searchColumns =
      try stored.isEmpty
      ? nil
      : strings(
        connection, "SELECT name FROM pragma_table_info(?1) ORDER BY cid", search.name)
    return Table(
      name: name, columns: columns, indexes: indexes, foreignKeys: foreignKeys, search: searchColumns)
  }

  private static func strings(_ connection: Connection, _ sql: String, _ values: String...) throws -> [String] {
    var result: [String] = []
    try rows(connection, sql, values) { result.append($0.text(at: 0)) }
    return result
  }

  private static func rows(
    _ connection: Connection, _ sql: String, _ values: String..., each: (Statement) -> Void
  ) throws {
    try rows(connection, sql, values, each: each)
  }

  private static func rows(
    _ connection: Connection, _ sql: String, _ values: [String], each: (Statement) -> Void
  ) throws {
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    try statement.bind(values.map { .text($0) })
    while try statement.step() { each(statement) }
  }
}
