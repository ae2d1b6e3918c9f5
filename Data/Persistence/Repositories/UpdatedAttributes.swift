import SQLiteCore

/// Finds which attributes an update is about to change, for the history: one `SELECT` of the
/// stored row, by the key the update matches, that compares each column it sets with the
/// encoded row's value (bound to the same parameters as the update), before the update runs.
///
/// SQLite compares the values as they are stored (`IS NOT`, so `NULL` is a value), and the row's
/// page is the one the update then writes, already in the cache: the cost is one lookup by key.
enum UpdatedAttributes {
  /// The `SELECT` that yields, for each column of `columns` (by index), whether the stored row
  /// whose `key` columns equal the encoded row's holds another value; no row when none matches.
  static func statement(_ table: TableSchema, setting columns: [Int], matching key: [String]) -> String {
    let differs = columns.map { "\(SQLIdentifier.quote(table.columns[$0].name)) IS NOT ?\($0 + 1)" }
    return "SELECT \(differs.joined(separator: ", ")) FROM \(table.quotedName) "
      + "WHERE \(TableStatements.condition(on: key, in: table))"
  }

  /// The names of the columns of `columns` (by index, in the order of ``statement(_:setting:matching:)``)
  /// that the statement's current row says differ.
  static func names(_ columns: [Int], of table: TableSchema, in row: Statement) -> [String] {
    columns.indices.compactMap { position in
      row.int64(at: Int32(position)) != 0 ? table.columns[columns[position]].name : nil
    }
  }

  /// Runs the comparison for an encoded row: the names of the columns its update changes, or
  /// `nil` when no stored row matches.
  static func read(
    _ statement: Statement, setting columns: [Int], of table: TableSchema, encoder: RowEncoder
  ) throws -> [String]? {
    try encoder.run(statement) { names(columns, of: table, in: $0) }
  }
}
