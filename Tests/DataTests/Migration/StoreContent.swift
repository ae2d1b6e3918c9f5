import Foundation
import SQLValues
import SQLiteCore

@testable import Persistence

/// What a store file holds, independent of how SQLite laid it out: its tables as the engine
/// describes them (columns, indexes, references — not the text of their definitions), the name
/// of every schema object, and every table's rows, value by value. Two files with equal content
/// are the same store, whatever their bytes, page order or the SQLite version that wrote them.
struct StoreContent: Equatable {
  /// The models' tables.
  let tables: SchemaDescription
  /// `type name` of each schema object, by type and name.
  let schema: [String]
  /// Each table's rows, one line of values per row, sorted, by table name.
  let rows: [String: [String]]

  /// Reads the store at `url` without changing it.
  init(url: URL) throws {
    let connection = try Connection(location: .file(url.path), readOnly: true)
    var schema: [String] = []
    var tables: [String] = []
    let objects = try connection.statement(
      "SELECT type, name FROM sqlite_schema ORDER BY type, name")
    while try objects.step() {
      schema.append("\(objects.text(at: 0)) \(objects.text(at: 1))")
      if objects.text(at: 0) == "table" { tables.append(objects.text(at: 1)) }
    }
    objects.reset()
    var rows: [String: [String]] = [:]
    for table in tables {
      let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      let select = try connection.statement("SELECT * FROM \(quoted)")
      var lines: [String] = []
      while try select.step() {
        lines.append((0..<select.columnCount).map { Self.literal(select.value(at: $0)) }.joined(separator: ", "))
      }
      select.reset()
      rows[table] = lines.sorted()
    }
    self.tables = try SchemaDescription.read(from: connection)
    self.schema = schema
    self.rows = rows
  }

  /// A value as an SQL literal: the same literal for the same value, and a blob's every byte.
  private static func literal(_ value: SQLValue) -> String {
    switch value {
    case .null: "NULL"
    case .integer(let integer): "\(integer)"
    case .real(let real): "\(real.bitPattern)e"
    case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
    }
  }
}
