import SQLValues
import SQLiteCore

/// Finds which attributes an update changes, for the history, by comparing each column it sets
/// with the encoded row's value (bound to the same parameters as the write): SQLite compares
/// the values as they are stored (`IS NOT`, so `NULL` is a value).
///
/// An update by key makes the comparison itself, on the stored row before it changes: its
/// `WHERE` clause reports it (``reportingTerm(_:setting:)``, through SQLiteCore's
/// `swift_report`), so the row is looked up once. An upsert, which may insert instead, runs the
/// comparison first as a `SELECT` of the row its key matches (``statement(_:setting:matching:)``).
enum UpdatedAttributes {
  /// The `SELECT` that yields, for each column of `columns` (by index), whether the stored row
  /// whose `key` columns equal the encoded row's holds another value; no row when none matches.
  static func statement(_ table: TableSchema, setting columns: [Int], matching key: [String]) -> String {
    "SELECT \(comparisons(table, setting: columns).joined(separator: ", ")) FROM \(table.quotedName) "
      + "WHERE \(TableStatements.condition(on: key, in: table))"
  }

  /// The term an `UPDATE` of `columns` (by index) adds to its `WHERE` clause, after the one that
  /// finds the row, to report which of them it changes; ``reported(_:of:on:)`` reads the report.
  static func reportingTerm(_ table: TableSchema, setting columns: [Int]) -> String {
    "swift_report(\(comparisons(table, setting: columns).joined(separator: ", ")))"
  }

  /// Whether each column of `columns` differs from the encoded row's value (`?n` is column `n - 1`).
  private static func comparisons(_ table: TableSchema, setting columns: [Int]) -> [String] {
    columns.map { "\(SQLIdentifier.quote(table.columns[$0].name)) IS NOT ?\($0 + 1)" }
  }

  /// The names of the columns of `columns` (by index, in the order of ``statement(_:setting:matching:)``)
  /// that the statement's current row says differ.
  static func names(_ columns: [Int], of table: TableSchema, in row: Statement) -> [String] {
    columns.indices.compactMap { position in
      row.int64(at: Int32(position)) != 0 ? table.columns[columns[position]].name : nil
    }
  }

  /// The names of the columns of `columns` that the update just run on a connection reported
  /// changing (``reportingTerm(_:setting:)``), or `nil` when it reported nothing: it found no row.
  static func reported(_ columns: [Int], of table: TableSchema, on connection: Connection) -> [String]? {
    let report = connection.report
    guard report.count == columns.count else { return nil }
    return columns.indices.compactMap { report[$0] ? table.columns[columns[$0]].name : nil }
  }

  /// Runs the comparison for an encoded row: the names of the columns its update changes, or
  /// `nil` when no stored row matches.
  static func read(
    _ statement: Statement, setting columns: [Int], of table: TableSchema, encoder: RowEncoder
  ) throws -> [String]? {
    try encoder.run(statement) { names(columns, of: table, in: $0) }
  }
}
