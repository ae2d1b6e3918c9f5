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
    if try history(of: definition, on: connection) == .missing {
      differences.append("it does not record its history")
    }
    return differences
  }

  /// Whether the table records its history: with the triggers and function
  /// ``PostgresHistory/triggerStatements(for:model:)`` makes today, with this engine's triggers
  /// of an earlier form (row-level, or a function written for other columns), or not at all.
  static func history(
    of definition: PostgresTableDefinition, on connection: PostgresConnection
  ) throws
    -> HistoryTriggers
  {
    let table = definition.table
    let found = try connection.query(
      """
      SELECT t.tgname, p.proname, (t.tgtype & 1) = 0, p.prosrc FROM pg_trigger t \
      JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgrelid = to_regclass($1) AND NOT t.tgisinternal
      """, [.text(table.quotedName)])
    let function = PostgresHistory.triggerFunction(of: table.name)
    var current = Set<String>()
    var outdated = false
    for row in 0..<found.count {
      let (name, calls) = (found.text(row: row, column: 0) ?? "", found.text(row: row, column: 1) ?? "")
      let statementLevel = found.bool(row: row, column: 2) ?? false
      if name == PostgresHistory.legacyTrigger(of: table.name), calls == "_history_record", !statementLevel {
        outdated = true
      } else if HistoryTriggerEvent.allCases.contains(where: { $0.trigger == name }), calls == function,
        statementLevel
      {
        current.insert(name)
        if found.text(row: row, column: 3) != PostgresHistory.triggerBody(for: table, model: definition.model) {
          outdated = true
        }
      }
    }
    if current.count == HistoryTriggerEvent.allCases.count { return outdated ? .outdated : .recorded }
    return outdated && current.isEmpty ? .outdated : .missing
  }
}

/// How a table a database holds records its history.
enum HistoryTriggers {
  /// By the triggers and function the engine makes today.
  case recorded
  /// By this engine's triggers of an earlier form, which the store replaces when it opens.
  case outdated
  /// Not at all, or only in part: the store refuses the table.
  case missing
}
