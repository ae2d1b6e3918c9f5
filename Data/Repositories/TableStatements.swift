/// The fixed SQL of a table's writes and lookups, built once per repository.
///
/// Parameters are numbered by column position (`?1` is the first column), so one encoded row
/// binds to the insert and to the update alike.
struct TableStatements: Sendable {
  let insert: String
  let update: String
  let selectByID: String
  let deleteByID: String
  let deleteAll: String

  init(table: TableSchema) {
    let name = table.quotedName
    let key = SQLIdentifier.quote(TableSchema.primaryKey)
    let parameters = table.columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
    insert = "INSERT INTO \(name) (\(table.quotedColumns)) VALUES (\(parameters))"
    let assignments = table.columns.enumerated()
      .filter { $0.element.name != TableSchema.primaryKey }
      .map { "\(SQLIdentifier.quote($0.element.name)) = ?\($0.offset + 1)" }
      .joined(separator: ", ")
    update = "UPDATE \(name) SET \(assignments) WHERE \(key) = ?\(table.primaryKeyIndex + 1)"
    selectByID = "SELECT \(table.quotedColumns) FROM \(name) WHERE \(key) = ?"
    deleteByID = "DELETE FROM \(name) WHERE \(key) = ?"
    deleteAll = "DELETE FROM \(name)"
  }
}
