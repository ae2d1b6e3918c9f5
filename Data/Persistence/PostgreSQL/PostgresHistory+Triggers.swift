import PostgresCore

extension PostgresHistory {
  /// Makes a model's table record its changes: when its table is created, and again after a
  /// migration changed it.
  static func installTriggers(for definition: PostgresTableDefinition, on connection: PostgresConnection) throws {
    try connection.execute(triggerStatement(for: definition.table, model: definition.model))
  }

  /// Drops the triggers that record a table's history (every one named `_history_…`, however
  /// many the table has), inside a migration's transaction, which makes them again for the
  /// migrated tables.
  static func dropTriggers(of table: TableSchema, on connection: PostgresConnection) throws {
    let names = try connection.query(
      #"SELECT tgname::text FROM pg_trigger WHERE tgrelid = to_regclass($1) AND NOT tgisinternal "#
        + #"AND tgname LIKE '\_history\_%' ORDER BY tgname"#, [.text(table.quotedName)])
    for row in 0..<names.count {
      guard let name = names.text(row: row, column: 0) else { continue }
      try connection.execute("DROP TRIGGER \(SQLIdentifier.quote(name)) ON \(table.quotedName)")
    }
  }
}
