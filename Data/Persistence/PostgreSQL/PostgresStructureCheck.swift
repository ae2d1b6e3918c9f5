import PostgresCore

/// What ``PostgresTableCheck`` leaves to a store check: whether a table has the indexes and
/// relationships it declares, each with its delete rule, and whether any row refers to a row
/// that does not exist (which a relationship dropped or never made would let in).
enum PostgresStructureCheck {
  /// The problems of a table that exists, none when it is as declared; with
  /// `countingOrphans`, rows that refer to a missing row too (which reads the table).
  static func problems(
    of table: TableSchema, countingOrphans: Bool = true, on connection: PostgresConnection
  ) throws -> [StoreProblem] {
    try indexProblems(of: table, on: connection)
      + relationshipProblems(of: table, countingOrphans: countingOrphans, on: connection)
  }

  /// The table's declared indexes that are missing, or that differ in uniqueness, columns or
  /// their order.
  private static func indexProblems(of table: TableSchema, on connection: PostgresConnection) throws -> [StoreProblem] {
    // Each index's columns, in order, each followed by " DESC" when it descends (bit 1 of its
    // `indoption`); expressions (attnum 0) have no name and make the index differ.
    let found = try connection.query(
      """
      SELECT i.relname::text, x.indisunique, (SELECT string_agg(coalesce(a.attname::text, '?') \
      || CASE WHEN (x.indoption[k.ord - 1] & 1) = 1 THEN ' DESC' ELSE '' END, ', ' ORDER BY k.ord) \
      FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord) \
      LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum) \
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid \
      WHERE x.indrelid = to_regclass($1) AND NOT x.indisprimary
      """, [.text(table.quotedName)])
    var indexes: [String: (isUnique: Bool, columns: String)] = [:]
    for row in 0..<found.count {
      guard let name = found.text(row: row, column: 0) else { continue }
      indexes[name] = (found.bool(row: row, column: 1) ?? false, found.text(row: row, column: 2) ?? "")
    }
    return table.indexes.compactMap { index in
      let name = index.name(in: table.name)
      let columns = zip(index.columns, index.descending).map { $0 + ($1 ? " DESC" : "") }.joined(separator: ", ")
      switch indexes[name] {
      case nil: return StoreProblem("table \(table.name) lacks its index \(name)")
      case let found? where found.isUnique != index.isUnique:
        return StoreProblem("table \(table.name)'s index \(name) is \(found.isUnique ? "" : "not ")unique")
      case let found? where found.columns != columns:
        return StoreProblem("table \(table.name)'s index \(name) is on (\(found.columns)), not (\(columns))")
      default: return nil
      }
    }
  }

  private static func relationshipProblems(
    of table: TableSchema, countingOrphans: Bool, on connection: PostgresConnection
  ) throws -> [StoreProblem] {
    let found = try connection.query(
      """
      SELECT a.attname::text, p.relname::text, pa.attname::text, c.confdeltype::text FROM pg_constraint c \
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] \
      JOIN pg_class p ON p.oid = c.confrelid \
      JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1] \
      WHERE c.conrelid = to_regclass($1) AND c.contype = 'f'
      """, [.text(table.quotedName)])
    var rules: [String: String] = [:]
    for row in 0..<found.count {
      let key = (0..<3).map { found.text(row: row, column: $0) ?? "" }.joined(separator: ".")
      rules[key] = found.text(row: row, column: 3)
    }
    var problems: [StoreProblem] = []
    for key in table.foreignKeys {
      let relationship = "\(table.name).\(key.column) → \(key.parentTable).\(key.parentKey)"
      switch rules["\(key.column).\(key.parentTable).\(key.parentKey)"] {
      case nil: problems.append(StoreProblem("the relationship \(relationship) is missing"))
      case let rule? where rule != key.deleteRule.postgresCode:
        problems.append(StoreProblem("the relationship \(relationship) does not delete with \(key.deleteRule.sql)"))
      default: break
      }
      guard countingOrphans else { continue }
      let orphans = try connection.query(
        "SELECT count(*) FROM \(table.quotedName) c WHERE c.\(SQLIdentifier.quote(key.column)) IS NOT NULL "
          + "AND NOT EXISTS (SELECT 1 FROM \(SQLIdentifier.quote(key.parentTable)) p "
          + "WHERE p.\(SQLIdentifier.quote(key.parentKey)) = c.\(SQLIdentifier.quote(key.column)))")
      if let count = orphans.int64(row: 0, column: 0), count > 0 {
        problems.append(
          StoreProblem(
            "\(count) \(count == 1 ? "row" : "rows") of \(table.name) refer to a missing row of \(key.parentTable)"))
      }
    }
    return problems
  }
}

extension DeleteRule {
  /// How `pg_constraint.confdeltype` writes the rule.
  fileprivate var postgresCode: String {
    switch self {
    case .cascade: "c"
    case .nullify: "n"
    case .deny: "r"
    case .noAction: "a"
    }
  }
}
