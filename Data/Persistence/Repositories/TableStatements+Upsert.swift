/// The SQL of a batch upsert (``UpsertSession``), parameters numbered by column position like
/// the rest of ``TableStatements``, so one encoded row binds to each of them.
extension TableStatements {
  /// The insert that does nothing when the row's identifier or unique values are stored.
  var insertUnlessStored: String { insert + " ON CONFLICT DO NOTHING" }

  /// The `rowid` of the row with the encoded row's primary key.
  static func exists(in table: TableSchema) -> String {
    "SELECT rowid FROM \(table.quotedName) WHERE \(condition(on: [table.primaryKey], in: table))"
  }

  /// For each unique index, in declaration order, the `SELECT` of the primary key of the row
  /// with the encoded row's values in its columns, and its `rowid`.
  static func holders(in table: TableSchema) -> [String] {
    table.indexes.filter(\.isUnique).map { index in
      "SELECT \(SQLIdentifier.quote(table.primaryKey)), rowid FROM \(table.quotedName) "
        + "WHERE \(condition(on: index.columns, in: table))"
    }
  }

  /// The `UPDATE` that sets `columns` (by index; never the primary key) of the row whose `key`
  /// columns equal the encoded row's, only when one of them differs, returning its primary key:
  /// no row comes back for a row that is not stored or already has these values.
  static func update(_ table: TableSchema, setting columns: [Int], matching key: [String]) -> String {
    let set = columns.map { "\(SQLIdentifier.quote(table.columns[$0].name)) = ?\($0 + 1)" }
    let differs = columns.map { "\(SQLIdentifier.quote(table.columns[$0].name)) IS NOT ?\($0 + 1)" }
    return "UPDATE \(table.quotedName) SET \(set.joined(separator: ", ")) "
      + "WHERE \(condition(on: key, in: table)) AND (\(differs.joined(separator: " OR "))) "
      + "RETURNING \(SQLIdentifier.quote(table.primaryKey))"
  }

  /// `"a" = ?1 AND "b" = ?2`: the columns equal the encoded row's values.
  static func condition(on columns: [String], in table: TableSchema) -> String {
    columns.map { "\(SQLIdentifier.quote($0)) = ?\((table.columnIndex(named: $0) ?? 0) + 1)" }
      .joined(separator: " AND ")
  }
}
