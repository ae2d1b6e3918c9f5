import SQLValues
import SQLiteCore

/// Everything about one table's definition that changes how it stores, checks or orders values,
/// read from SQLite's pragmas and from its stored `CREATE TABLE` text, so that a table edited by
/// hand (through `writable_schema`) is told from the one the engine made.
///
/// It holds what ``SchemaDescription`` leaves out: each column's default and whether it is
/// generated (`table_xinfo`), `STRICT` and `WITHOUT ROWID` (`table_list`), the indexes SQLite
/// makes for `UNIQUE` and `PRIMARY KEY` constraints, each index's partial `WHERE`, expressions
/// and collations (`index_list`, `index_xinfo`), each foreign key's `ON UPDATE` and `MATCH`
/// (`foreign_key_list`), and the clauses no pragma reports (``DefinitionClauses``). Names SQLite
/// gives automatic indexes are left out: a table rebuilt under another name and renamed keeps
/// its old ones. The stored text is never compared whole, so a store whose text grew by
/// `ALTER TABLE … ADD COLUMN` or was written by another generator still matches.
struct TableDefinition: Equatable {
  /// One index of the table.
  struct Index: Equatable, Comparable {
    /// Its name when made by `CREATE INDEX`; empty for one SQLite made for a constraint.
    let name: String
    /// `index_list`'s origin, unique and partial.
    let kind: [String]
    /// Per key and auxiliary column, in order: column number, name, descending, collation, key.
    let keys: [[String]]

    /// Whether it is an index any engine might have made: by `CREATE INDEX`, not partial, on
    /// plain columns in SQLite's binary order.
    var isPlain: Bool {
      kind[0] == "c" && kind[2] == "0" && keys.allSatisfy { $0[0] != "-2" && $0[3] == "BINARY" }
    }

    /// By name, then kind, then keys, each compared element by element: any order that is total
    /// serves, as both sides of a comparison are sorted alike.
    static func < (left: Index, right: Index) -> Bool {
      if left.name != right.name { return left.name < right.name }
      if left.kind != right.kind { return left.kind.lexicographicallyPrecedes(right.kind) }
      return left.keys.lexicographicallyPrecedes(right.keys) { $0.lexicographicallyPrecedes($1) }
    }
  }

  /// The table's name.
  let name: String
  /// Per column: name, declared type, not null, default, primary-key position, hidden.
  let columns: [[String]]
  /// `table_list`'s type, `WITHOUT ROWID` and `STRICT`.
  let kind: [String]
  /// The indexes, sorted.
  let indexes: [Index]
  /// Per foreign key column: every field `foreign_key_list` reports but the key's number.
  let foreignKeys: [[String]]
  /// The clauses of the stored `CREATE TABLE` text that no pragma reports.
  let clauses: DefinitionClauses

  /// The definition of a table a connection's database holds, or `nil` if it holds no such table.
  static func read(_ table: String, from connection: Connection) throws -> TableDefinition? {
    let sql = try strings(
      connection, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1 COLLATE NOCASE", [table])
    guard let sql = sql.first else { return nil }
    let columns = try rows(
      connection,
      "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?1) ORDER BY cid", [table])
    let kind = try rows(connection, "SELECT type, wr, strict FROM pragma_table_list(?1)", [table]).first ?? []
    var indexes: [Index] = []
    for index in try rows(connection, "SELECT name, origin, \"unique\", partial FROM pragma_index_list(?1)", [table]) {
      let keys = try rows(
        connection, "SELECT cid, name, desc, coll, key FROM pragma_index_xinfo(?1) ORDER BY seqno", [index[0]])
      indexes.append(Index(name: index[1] == "c" ? index[0] : "", kind: Array(index[1...]), keys: keys))
    }
    let foreignKeys = try rows(
      connection,
      "SELECT seq, \"table\", \"from\", \"to\", on_update, on_delete, \"match\" FROM pragma_foreign_key_list(?1) "
        + "ORDER BY id, seq", [table])
    return TableDefinition(
      name: table, columns: columns, kind: kind, indexes: indexes.sorted(), foreignKeys: foreignKeys,
      clauses: DefinitionClauses(sql: sql))
  }

  /// What differs from `expected`, in words, or `nil` when nothing does.
  ///
  /// With `exact` off — for a store the engine opens without a migration plan, whose tables may
  /// keep columns and indexes of attributes its models no longer have — a column or index that
  /// `expected` lacks is accepted when it is plain: a column that is not generated and not part of
  /// the key, an index that ``Index/isPlain``; a column `expected` has that the table lacks is left
  /// for the caller to report; and references are only checked to have no `ON UPDATE` or `MATCH`.
  func difference(from expected: TableDefinition, exact: Bool) -> String? {
    if clauses != expected.clauses {
      let extra = clauses.clauses.filter { !expected.clauses.clauses.contains($0) }
      let missing = expected.clauses.clauses.filter { !clauses.clauses.contains($0) }
      return (extra.first.map { "it has a clause the engine does not write: \($0)" })
        ?? "it lacks the clause \(missing.first ?? "")"
    }
    let wanted = Dictionary(expected.columns.map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
    let changed =
      exact
      ? (columns.count == expected.columns.count ? zip(columns, expected.columns).first { $0 != $1 }?.0 : columns.last)
      : columns.first { column in wanted[column[0]].map { $0 != column } ?? (column[4] != "0" || column[5] != "0") }
    if let changed {
      return "its column '\(changed[0])' is defined otherwise (declared type, NOT NULL, DEFAULT, PRIMARY KEY or "
        + "GENERATED)"
    }
    if exact, columns.count != expected.columns.count { return "it has other columns than the engine's" }
    if kind != expected.kind { return "it was made with or without STRICT or WITHOUT ROWID otherwise" }
    if exact ? indexes != expected.indexes : !indexes.allSatisfy({ $0.isPlain || expected.indexes.contains($0) }) {
      return "its indexes or UNIQUE constraints differ from the engine's (a partial index, an expression, a collation)"
    }
    let plainReferences = foreignKeys.allSatisfy { $0[4] == "NO ACTION" && $0[6] == "NONE" }
    if exact ? foreignKeys != expected.foreignKeys : !plainReferences {
      return "its references (REFERENCES … ON DELETE, ON UPDATE, MATCH) differ from the engine's"
    }
    return nil
  }

  private static func strings(_ connection: Connection, _ sql: String, _ values: [String]) throws -> [String] {
    try rows(connection, sql, values).map { $0.first ?? "" }
  }

  /// Every row of a query, each value as text (`NULL` as `"NULL"`, to differ from `''`).
  private static func rows(_ connection: Connection, _ sql: String, _ values: [String]) throws -> [[String]] {
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    try statement.bind(values.map { .text($0) })
    var result: [[String]] = []
    while try statement.step() {
      result.append(
        (0..<statement.columnCount).map { column in
          if case .null = statement.value(at: column) { return "NULL" }
          return statement.text(at: column)
        })
    }
    return result
  }
}
