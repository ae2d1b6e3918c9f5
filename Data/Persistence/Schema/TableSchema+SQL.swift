extension TableSchema {
  /// The statements that create the table, its indexes and its substring index
  /// (``SearchIndex``), for a table that does not exist yet.
  ///
  /// Tables are [`STRICT`](https://www.sqlite.org/stricttables.html), so a column only ever
  /// holds values of its declared type (or `NULL` where optional).
  var createStatements: [String] {
    [createTableStatement(named: name)] + indexStatements + (SearchIndex(self)?.createStatements ?? [])
  }

  /// The statements that create the table's indexes if they do not exist yet.
  var indexStatements: [String] { indexes.map(createStatement(for:)) }

  /// The statement that creates the table, under another name when a migration rebuilds it.
  func createTableStatement(named tableName: String) -> String {
    let definitions = columns.map { column in
      var definition = "\(SQLIdentifier.quote(column.name)) \(column.kind.sqlType)"
      if !column.isOptional { definition += " NOT NULL" }
      if column.name == primaryKey { definition += " PRIMARY KEY" }
      return definition
    }
    return "CREATE TABLE IF NOT EXISTS \(SQLIdentifier.quote(tableName)) "
      + "(\((definitions + foreignKeys.map(\.sql)).joined(separator: ", "))) STRICT"
  }

  /// The statement that creates one of the table's indexes if it does not exist yet.
  package func createStatement(for index: IndexDescription) -> String {
    let names = zip(index.columns, index.descending)
      .map { SQLIdentifier.quote($0) + ($1 ? " DESC" : "") }.joined(separator: ", ")
    let kind = index.isUnique ? "UNIQUE INDEX" : "INDEX"
    return "CREATE \(kind) IF NOT EXISTS \(SQLIdentifier.quote(index.name(in: name))) ON \(quotedName) (\(names))"
  }

  /// The table name, quoted for SQL.
  package var quotedName: String { SQLIdentifier.quote(name) }
}
