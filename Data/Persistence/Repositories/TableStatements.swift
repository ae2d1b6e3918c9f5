/// The fixed SQL of a table's writes and lookups, built once per repository.
///
/// Parameters are numbered by column position (`?1` is the first column), so one encoded row
/// binds to the insert and to the update alike.
package struct TableStatements: Sendable {
  package let insert: String
  let upsert: String
  let update: String
  /// ``update``, reporting for the history which of ``updatedColumns`` it changes
  /// (``UpdatedAttributes/reportingTerm(_:setting:)``).
  let updateReportingChanges: String
  let selectByID: String
  /// The columns an update sets (every one but the primary key), by index.
  let updatedColumns: [Int]
  /// For the history: which of ``updatedColumns`` an upsert matching the primary key changes
  /// (``UpdatedAttributes``).
  let changedColumns: String
  /// The delete by primary key.
  let deleteByID: String
  let deleteAll: String
  /// The `SELECT`s of the table's descriptors, by shape: shared by every copy.
  let selections = SelectionCache()

  package init(table: TableSchema) {
    let name = table.quotedName
    let key = SQLIdentifier.quote(table.primaryKey)
    let parameters = table.columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
    insert = "INSERT INTO \(name) (\(table.quotedColumns)) VALUES (\(parameters))"
    // One ON CONFLICT clause for the primary key and one per unique index; a match on a unique
    // index keeps the stored row's identifier.
    let targets = [[table.primaryKey]] + table.indexes.filter(\.isUnique).map(\.columns)
    let clauses = targets.map { target in
      let updated = table.columns.map(\.name).filter { $0 != table.primaryKey && !target.contains($0) }
      let action =
        updated.isEmpty
        ? "DO NOTHING"
        : "DO UPDATE SET "
          + updated.map { "\(SQLIdentifier.quote($0)) = excluded.\(SQLIdentifier.quote($0))" }
          .joined(separator: ", ")
      return "ON CONFLICT (\(target.map(SQLIdentifier.quote).joined(separator: ", "))) \(action)"
    }
    upsert = insert + " " + clauses.joined(separator: " ")
    let assignments = table.columns.enumerated()
      .filter { $0.element.name != table.primaryKey }
      .map { "\(SQLIdentifier.quote($0.element.name)) = ?\($0.offset + 1)" }
      .joined(separator: ", ")
    update = "UPDATE \(name) SET \(assignments) WHERE \(key) = ?\(table.primaryKeyIndex + 1)"
    selectByID = "SELECT \(table.quotedColumns) FROM \(name) WHERE \(key) = ?"
    updatedColumns = table.columns.indices.filter { $0 != table.primaryKeyIndex }
    changedColumns = UpdatedAttributes.statement(table, setting: updatedColumns, matching: [table.primaryKey])
    updateReportingChanges = update + " AND " + UpdatedAttributes.reportingTerm(table, setting: updatedColumns)
    deleteByID = "DELETE FROM \(name) WHERE \(key) = ?"
    deleteAll = "DELETE FROM \(name)"
  }
}
