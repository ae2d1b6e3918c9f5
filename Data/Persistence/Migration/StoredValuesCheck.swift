import SQLiteCore

/// The stored values' part of a ``StoreCheck``: each value can be read back as its column's
/// kind says — a UUID as 16 bytes, a Bool as 0 or 1, JSON as valid JSON — so a row that SQLite's own checks pass but that no read could decode is found,
/// named by its table and key. Each column is one SQL query; memory stays flat.
struct StoredValuesCheck {
  let tables: [TableSchema]
  let modelNames: [String: String]
  let connection: Connection
  /// The rows named per column; more are counted.
  static let namedRows = 5

  /// The problems found.
  func problems() throws -> [StoreProblem] {
    var problems: [StoreProblem] = []
    for table in tables {
      for column in table.columns {
        guard let condition = Self.unreadable(SQLIdentifier.quote(column.name), column.kind) else { continue }
        problems += try rows(of: table, column: column, where: condition)
      }
    }
    return problems
  }

  /// The SQL condition true of a non-NULL value that cannot be read as `kind`.
  static func unreadable(_ name: String, _ kind: ValueKind) -> String? {
    switch kind {
    case .uuid: "length(\(name)) != 16"
    case .bool: "\(name) NOT IN (0, 1)"
    case .json: "json_valid(\(name)) = 0"
    // STRICT tables keep every other kind's storage class.
    case .integer, .real, .date, .text, .blob, .url, .external: nil
    }
  }

  private func rows(of table: TableSchema, column: Column, where condition: String) throws -> [StoreProblem] {
    let name = SQLIdentifier.quote(column.name)
    let key = SQLIdentifier.quote(table.primaryKey)
    let statement = try connection.statement(
      "SELECT \(key) FROM \(table.quotedName) WHERE \(name) IS NOT NULL AND (\(condition))")
    defer { statement.reset() }
    var keys: [String] = []
    var count = 0
    while try statement.step() {
      count += 1
      if keys.count < Self.namedRows { keys.append(statement.value(at: 0).identifierDescription) }
    }
    guard count > 0 else { return [] }
    let model = modelNames[table.name] ?? table.name
    let more = count > keys.count ? " and \(count - keys.count) more" : ""
    let rows = count == 1 ? "1 row" : "\(count) rows"
    return [
      StoreProblem(
        "\(rows) of \(model): \(column.name) cannot be read as \(column.kind.rawValue) "
          + "(\(keys.joined(separator: ", "))\(more))")
    ]
  }
}
