/// A model's table on PostgreSQL: the statements that create it, its indexes and its
/// relationships, and the columns that read its rows.
struct PostgresTableDefinition: Sendable {
  /// The table as the engine describes it, with externally stored attributes kept in the row
  /// (PostgreSQL moves large values out of the table's pages itself).
  let table: TableSchema
  /// The model type's name, as the history records it.
  let model: String

  /// The definition of a model's table.
  init(_ table: TableSchema, model: String) {
    self.table = table
    self.model = model
  }

  /// The statement that creates the table, without its relationships (which may name tables
  /// created after it; see ``foreignKeyStatements``).
  ///
  /// Its first column, `rowid`, numbers rows in the order they were stored and keeps its value
  /// through updates, as SQLite's row identifier does: unsorted fetches come in that order.
  var createTableStatement: String {
    let definitions =
      ["rowid bigint GENERATED ALWAYS AS IDENTITY"]
      + table.columns.map { column in
        var definition = "\(SQLIdentifier.quote(column.name)) \(column.kind.postgresType)"
        if !column.isOptional { definition += " NOT NULL" }
        if column.name == table.primaryKey { definition += " PRIMARY KEY" }
        return definition
      }
    return "CREATE TABLE \(table.quotedName) (\(definitions.joined(separator: ", ")))"
  }

  /// The statements that create the table's indexes.
  ///
  /// Each column is ordered as the engine's sorts order it — optional columns with `NULL` first
  /// in ascending order — so a sort on an optional attribute can read its index in either
  /// direction.
  var indexStatements: [String] {
    let optional = Set(table.columns.filter(\.isOptional).map(\.name))
    return table.indexes.map { index in
      let names = zip(index.columns, index.descending)
        .map { name, descending in
          PostgresDialect().orderTerm(
            SQLIdentifier.quote(name), ascending: !descending, isOptional: optional.contains(name))
        }.joined(separator: ", ")
      let kind = index.isUnique ? "UNIQUE INDEX" : "INDEX"
      return "CREATE \(kind) \(SQLIdentifier.quote(index.name(in: table.name))) ON \(table.quotedName) (\(names))"
    }
  }

  /// The statements that add the table's relationships, each with its delete rule, which the
  /// server enforces.
  var foreignKeyStatements: [String] {
    table.foreignKeys.map { key in
      "ALTER TABLE \(table.quotedName) ADD \(key.sql)"
    }
  }

  /// The result columns that read whole rows, each converted to the engine's value and named
  /// after its attribute.
  var selectColumns: String {
    table.columns.map { column in
      let quoted = SQLIdentifier.quote(column.name)
      let read = column.kind.postgresRead(quoted)
      return read == quoted ? quoted : "\(read) AS \(quoted)"
    }.joined(separator: ", ")
  }
}
