import SQLValues
import SQLiteCore

/// Finds, before a delete runs, the rows of other tables it will delete (`cascade`) or update
/// (`nullify`) through foreign keys, so the history records them too.
///
/// They are recorded in the order PostgreSQL's triggers record them, so both engines list a
/// transaction alike: level by level (the rows that refer to the deleted ones, then the rows
/// that refer to those), each level's tables in the order of their names, each table's rows in key
/// order.
enum CascadeScanner {
  /// Records the effects on other tables of deleting the rows of `table` that `condition`
  /// selects (all rows when it is `nil`), following cascades to any depth.
  static func recordEffects(
    ofDeleting table: TableSchema, where condition: SQLFragment?, tables: [TableSchema], recorder: HistoryRecorder,
    on connection: Connection
  ) throws {
    // PostgreSQL fires the relationships' actions in the order their constraints were made,
    // which is the order of the tables' names (``PostgresStore``'s tables are made so).
    let children = tables.sorted { $0.name < $1.name }
    // Each level's deleted tables, each with the condition that selects its deleted rows.
    var level: [(table: TableSchema, condition: SQLFragment?)] = [(table, condition)]
    // A schema whose cascades loop is followed far enough for any real model graph.
    for _ in 0..<16 where !level.isEmpty {
      var next: [(table: TableSchema, condition: SQLFragment?)] = []
      for (parent, condition) in level {
        let parents =
          "SELECT \(SQLIdentifier.quote(parent.primaryKey)) FROM \(parent.quotedName)"
          + (condition.map { " WHERE \($0.sql)" } ?? "")
        for child in children {
          for key in child.foreignKeys where key.parentTable == parent.name {
            guard key.deleteRule == .cascade || key.deleteRule == .nullify else { continue }
            let selection = SQLFragment(
              "\(SQLIdentifier.quote(key.column)) IN (\(parents))", condition?.bindings ?? [])
            if try record(key.deleteRule, of: child, in: key.column, selectedBy: selection, recorder, connection),
              key.deleteRule == .cascade
            {
              next.append((child, selection))
            }
          }
        }
      }
      level = next
    }
  }

  /// Records the rows of `child` that `selection` selects, in key order: deleted, with the
  /// values they preserve, or with their reference set to `nil`. Returns whether there were any.
  private static func record(
    _ rule: DeleteRule, of child: TableSchema, in column: String, selectedBy selection: SQLFragment,
    _ recorder: HistoryRecorder, _ connection: Connection
  ) throws -> Bool {
    let cascades = rule == .cascade
    let statement = try connection.statement(
      "SELECT \(cascades ? HistoryRecorder.deletedColumns(of: child) : SQLIdentifier.quote(child.primaryKey)) "
        + "FROM \(child.quotedName) WHERE \(selection.sql) ORDER BY \(SQLIdentifier.quote(child.primaryKey))")
    defer { statement.reset() }
    try statement.bind(selection.bindings)
    return try recorder.recordRows(
      cascades ? .delete : .update, selectedBy: statement, in: child.name,
      attributes: cascades ? child.preservedOnDeletion : [column]) > 0
  }
}
