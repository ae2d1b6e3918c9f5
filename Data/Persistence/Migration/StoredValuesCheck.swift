import SQLValues
import SQLiteCore

/// The stored values' part of a ``StoreCheck``: each value can be read back as its column's
/// kind says (``Column/unreadableCondition``) — not `NULL` unless optional, of the kind's
/// storage class, a UUID as 16 bytes, a Bool as 0 or 1, JSON as valid JSON — so a row that no
/// read could decode is found, named by its table and key. Each column is one SQL query; memory
/// stays flat.
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
        problems += try rows(of: table, column: column, where: column.unreadableCondition)
      }
    }
    return problems
  }

  private func rows(of table: TableSchema, column: Column, where condition: String) throws -> [StoreProblem] {
    let key = SQLIdentifier.quote(table.primaryKey)
    let statement = try connection.statement("SELECT \(key) FROM \(table.quotedName) WHERE \(condition)")
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
