import SQLiteCore

/// Finds, before a delete runs, the rows of other tables it will delete (`cascade`) or update
/// (`nullify`) through foreign keys, so the history records them too.
enum CascadeScanner {
  /// Records the effects on other tables of deleting the row of `table` with a primary key.
  static func recordEffects(
    ofDeletingKey key: SQLValue, from table: TableSchema, tables: [TableSchema], recorder: HistoryRecorder,
    on connection: Connection
  ) throws {
    try recordEffects(
      ofDeleting: table, where: SQLFragment("\(SQLIdentifier.quote(table.primaryKey)) = ?", [key]), tables: tables,
      recorder: recorder, on: connection)
  }

  /// Records the effects on other tables of deleting the rows of `table` that `condition`
  /// selects (all rows when it is `nil`), following cascades to any depth.
  static func recordEffects(
    ofDeleting table: TableSchema, where condition: SQLFragment?, tables: [TableSchema], recorder: HistoryRecorder,
    on connection: Connection, depth: Int = 0
  ) throws {
    // A schema whose cascades loop is followed far enough for any real model graph.
    guard depth < 16 else { return }
    let parents =
      "SELECT \(SQLIdentifier.quote(table.primaryKey)) FROM \(table.quotedName)"
      + (condition.map { " WHERE \($0.sql)" } ?? "")
    for child in tables {
      for key in child.foreignKeys where key.parentTable == table.name {
        guard key.deleteRule == .cascade || key.deleteRule == .nullify else { continue }
        let selection = SQLFragment("\(SQLIdentifier.quote(key.column)) IN (\(parents))", condition?.bindings ?? [])
        // A cascade deletes the rows, with the values they preserve; a nullify updates the reference.
        let cascades = key.deleteRule == .cascade
        let statement = try connection.statement(
          "SELECT \(cascades ? HistoryRecorder.deletedColumns(of: child) : SQLIdentifier.quote(child.primaryKey)) "
            + "FROM \(child.quotedName) WHERE \(selection.sql)")
        let found: Bool
        do {
          defer { statement.reset() }
          try statement.bind(selection.bindings)
          found =
            try recorder.recordRows(
              cascades ? .delete : .update, selectedBy: statement, in: child.name,
              attributes: cascades ? child.preservedOnDeletion : [key.column]) > 0
        }
        if cascades, found {
          try recordEffects(
            ofDeleting: child, where: selection, tables: tables, recorder: recorder, on: connection, depth: depth + 1)
        }
      }
    }
  }
}
