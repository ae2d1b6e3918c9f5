import PostgresCore
import SQLValues

extension PostgresTableDefinition {
  /// The models in a result whose columns are ``selectColumns`` (or some of them, by name).
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` if a row cannot be decoded.
  func models<Model: Decodable>(_ type: Model.Type, in result: PostgresResult) throws(PersistenceError) -> [Model] {
    try decodeRows(of: result) { (decoder) throws(PersistenceError) in try decoder.decode(type) }
  }

  /// The identifiers in a result that holds the primary key, read as `ID`.
  func identifiers<ID: Decodable>(_ type: ID.Type, in result: PostgresResult) throws(PersistenceError) -> [ID] {
    try decodeRows(of: result) { (decoder) throws(PersistenceError) in try decoder.identifier(type) }
  }

  /// Each row of a result, read by `read` from one decoder reused row after row.
  private func decodeRows<T>(
    of result: PostgresResult, _ read: (RowDecoder) throws(PersistenceError) -> T
  ) throws(PersistenceError) -> [T] {
    let row = ValueRow(names: (0..<result.columnCount).map(result.columnName))
    let decoder = RowDecoder(source: .values(row), table: table)
    // The decoder keeps the container it last handed out, which refers back to it.
    defer { decoder.reusableContainer = nil }
    var decoded: [T] = []
    decoded.reserveCapacity(result.count)
    for index in 0..<result.count {
      for column in row.values.indices { row.values[column] = try result.sqlValue(row: index, column: column) }
      decoded.append(try read(decoder))
    }
    return decoded
  }

  /// The rows of a result as the engine's values.
  func values(in result: PostgresResult) throws(PersistenceError) -> [[SQLValue]] {
    var rows: [[SQLValue]] = []
    for index in 0..<result.count {
      var row: [SQLValue] = []
      for column in 0..<result.columnCount { row.append(try result.sqlValue(row: index, column: column)) }
      rows.append(row)
    }
    return rows
  }
}

extension PostgresConnection {
  /// Runs one of the engine's statements (with `?` parameters) with its values.
  func run(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> PostgresResult {
    try query(PostgresPlaceholders.numbered(sql), values.map(PostgresValue.init))
  }
}
