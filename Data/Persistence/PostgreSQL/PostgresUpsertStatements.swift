import SQLValues

/// The SQL of a batch upsert on PostgreSQL (``PostgresUpsertSession``). Rows are found by the
/// primary key or a unique index, never by `rowid` (which has no index); `rowid` only names a
/// row in the session's memory of what it wrote. Every lookup of a row the upsert may change
/// locks it (`FOR NO KEY UPDATE`) until the transaction ends.
struct PostgresUpsertStatements {
  /// The insert of an encoded row (bound in column order) that does nothing when its identifier
  /// or unique values are stored, returning the new row's `rowid`.
  let insertUnlessStored: String
  /// The `rowid` of the row whose key is `$1`, locked.
  let rowByKey: String
  /// The key (named as the primary key) and `rowid` of each row whose key is in `$1`, a JSON
  /// array of keys as ``PostgresRepository/keyList(_:)`` makes it, locked.
  let rowsByKeys: String
  /// For each unique index, in declaration order: the key (named as the primary key) and
  /// `rowid` of the row holding the bound values in the index's columns, locked; and those
  /// columns, in binding order.
  let holders: [(sql: String, columns: [Int])]
  private let definition: PostgresTableDefinition

  init(_ definition: PostgresTableDefinition, insert: String) {
    self.definition = definition
    let table = definition.table
    insertUnlessStored = insert + " ON CONFLICT DO NOTHING RETURNING rowid"
    rowByKey =
      "SELECT rowid FROM \(table.quotedName) WHERE \(Self.equal(table.primaryKeyIndex, in: table, "$1")) FOR NO KEY UPDATE"
    let key = Self.keyColumn(of: table, in: nil)
    let keyKind = table.columns[table.primaryKeyIndex].kind
    rowsByKeys =
      "SELECT \(key), rowid FROM \(table.quotedName) WHERE \(SQLIdentifier.quote(table.primaryKey)) IN "
      + "(SELECT (jsonb_array_elements_text($1::jsonb))::\(keyKind == .uuid ? "uuid" : keyKind.postgresType)) "
      + "FOR NO KEY UPDATE"
    holders = Self.uniqueColumns(of: table).map { columns in
      let condition = columns.enumerated().map { Self.equal($1, in: table, "$\($0 + 1)") }.joined(separator: " AND ")
      return ("SELECT \(key), rowid FROM \(table.quotedName) WHERE \(condition) FOR NO KEY UPDATE", columns)
    }
  }

  /// What turns an `INSERT` of encoded rows into one that skips each row whose identifier or
  /// unique values are stored, and returns the `rowid` and the key (named as the primary key)
  /// of each row it stored.
  var insertSuffix: String {
    " ON CONFLICT DO NOTHING RETURNING rowid, \(Self.keyColumn(of: definition.table, in: nil))"
  }

  /// The columns, by index, of every unique index: a row whose update writes all of them
  /// leaves no stored values of a unique index mixed with its own.
  var uniqueColumnSet: Set<Int> { Set(Self.uniqueColumns(of: definition.table).joined()) }

  /// For each unique index, the columns, by index, in declaration order.
  var uniqueIndexColumns: [[Int]] { Self.uniqueColumns(of: definition.table) }

  /// The `SELECT` that tells what an update setting `columns` (by index; never the primary key)
  /// of each of `count` stored rows would do, each bound with those columns' values then its
  /// key; no two rows may have the same key. A result row for each stored row, in no order: its
  /// key as the engine's value; whether a value differs; the `rowid` of another row that holds,
  /// for a unique index, the values the row would have after the update (the first such index
  /// in declaration order), and that row's key, named as the primary key.
  func check(setting columns: [Int], rows count: Int) -> String {
    let table = definition.table
    let name = table.quotedName
    let bound = columns + [table.primaryKeyIndex]
    let quoted = { (column: Int) in SQLIdentifier.quote(table.columns[column].name) }
    let differs = columns.map { "s.\(quoted($0)) IS DISTINCT FROM v.\(quoted($0))" }
    // Only the unique indexes the update writes to can gain a clash.
    let touched = Self.uniqueColumns(of: table).filter { $0.contains(where: columns.contains) }
    let laterals = touched.enumerated().map { number, indexColumns in
      let condition = indexColumns.map { "o.\(quoted($0)) = \(columns.contains($0) ? "v" : "s").\(quoted($0))" }
      return " LEFT JOIN LATERAL (SELECT o.rowid, \(Self.keyColumn(of: table, in: "o")) FROM \(name) AS o "
        + "WHERE o.rowid <> s.rowid AND \(condition.joined(separator: " AND ")) LIMIT 1) AS h\(number) ON true"
    }
    let key = quoted(table.primaryKeyIndex)
    let holder =
      touched.isEmpty
      ? "NULL::bigint, NULL::bytea AS \(key)"
      : "COALESCE(\(touched.indices.map { "h\($0).rowid" }.joined(separator: ", "))), "
        + "COALESCE(\(touched.indices.map { "h\($0).\(key)" }.joined(separator: ", "))) AS \(key)"
    let kinds = bound.map { table.columns[$0].kind }
    return "SELECT \(table.columns[table.primaryKeyIndex].kind.postgresRead("s.\(key)")), "
      + "(\(differs.joined(separator: " OR "))), \(holder) "
      + "FROM (VALUES \(PostgresStatements.values(rows: count, kinds: kinds, typed: true))) "
      + "AS v (\(bound.map(quoted).joined(separator: ", "))) JOIN \(name) AS s ON s.\(key) = v.\(key)"
      + laterals.joined()
  }

  /// `"column" = <placeholder as the column stores it>`.
  private static func equal(_ column: Int, in table: TableSchema, _ placeholder: String) -> String {
    "\(SQLIdentifier.quote(table.columns[column].name)) = \(table.columns[column].kind.postgresWrite(placeholder))"
  }

  /// The primary key read as the engine's value, named after its attribute.
  private static func keyColumn(of table: TableSchema, in alias: String?) -> String {
    let key = table.columns[table.primaryKeyIndex]
    let quoted = SQLIdentifier.quote(key.name)
    return "\(key.kind.postgresRead(alias.map { "\($0).\(quoted)" } ?? quoted)) AS \(quoted)"
  }

  /// The columns, by index, of each unique index, in declaration order.
  private static func uniqueColumns(of table: TableSchema) -> [[Int]] {
    table.indexes.filter(\.isUnique).map { $0.columns.compactMap { table.columnIndex(named: $0) } }
  }
}
