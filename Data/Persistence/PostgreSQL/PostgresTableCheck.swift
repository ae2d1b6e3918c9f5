import PostgresCore

/// Whether a table a database already holds is the one a model declares: the same columns, of
/// the same types, collations and nullability, recording the history. A store never writes to
/// a table of another shape — another program's, or an older version of the schema's.
enum PostgresTableCheck {
  /// The differences between the table as it is and as declared; none when they agree.
  static func differences(of definition: PostgresTableDefinition, on connection: PostgresConnection) throws -> [String]
  {
    let table = definition.table
    let columns = try connection.query(
      """
      SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, coalesce(c.collname, '') \
      FROM pg_attribute a LEFT JOIN pg_collation c ON c.oid = a.attcollation AND a.attcollation <> 0 \
      WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
      """, [.text(table.quotedName)])
    var found: [String: (type: String, notNull: Bool, collation: String)] = [:]
    for row in 0..<columns.count {
      guard let name = columns.text(row: row, column: 0) else { continue }
      found[name] = (
        columns.text(row: row, column: 1) ?? "", columns.bool(row: row, column: 2) ?? false,
        columns.text(row: row, column: 3) ?? ""
      )
    }
    var expected = [("rowid", "bigint", true, "")]
    for column in table.columns {
      let type = column.kind.postgresType.hasPrefix("text") ? "text" : column.kind.postgresType
      expected.append((column.name, type, !column.isOptional, type == "text" ? "C" : ""))
    }
    var differences: [String] = []
    for (name, type, notNull, collation) in expected {
      guard let actual = found.removeValue(forKey: name) else {
        differences.append("it has no column '\(name)'")
        continue
      }
      if actual.type != type { differences.append("'\(name)' is \(actual.type), not \(type)") }
      if actual.notNull != notNull { differences.append("'\(name)' is \(actual.notNull ? "" : "not ")NOT NULL") }
      if actual.collation != collation, type == "text" {
        differences.append("'\(name)' is compared by collation \"\(actual.collation)\", not \"C\"")
      }
    }
    differences += found.keys.sorted().map { "it has a column '\($0)' the model does not declare" }
    let trigger = try connection.query(
      "SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = $2",
      [.text(table.quotedName), .text("_history_" + table.name)])
    if trigger.int64(row: 0, column: 0) != 1 { differences.append("it does not record its history") }
    return differences
  }
}
