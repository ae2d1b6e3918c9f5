import Foundation
import PostgresCore
import SQLValues

extension PostgresHistory {
  /// The changes of the transactions of these tokens, by token, in the order each made them: at
  /// most the first `limit` of each when a limit is given (each read through the index on token
  /// and position, so a page of transactions stays small whatever one of them changed).
  static func changes(
    of tokens: [Int64], limit: Int?, on connection: PostgresConnection
  ) throws -> [Int64: [HistoryChange]] {
    guard !tokens.isEmpty else { return [:] }
    let list = PostgresSQL.arrayLiteral(tokens.map { .integer($0) }, kind: .integer) ?? "{}"
    let result = try connection.query(
      """
      SELECT t.token, c.model, c.kind, c.id, array_to_json(c.attributes)::text, c.preserved::text \
      FROM unnest($1::bigint[]) AS t(token) CROSS JOIN LATERAL (SELECT model, kind, id, attributes, preserved, \
      position FROM "_history_changes" WHERE token = t.token ORDER BY position LIMIT $2) AS c \
      ORDER BY t.token, c.position
      """, [.text(list), limit.map { .integer(Int64(max(0, $0))) } ?? .null])
    var changesByToken: [Int64: [HistoryChange]] = [:]
    for row in 0..<result.count {
      guard let token = result.int64(row: row, column: 0) else { continue }
      changesByToken[token, default: []].append(try change(in: result, row: row))
    }
    return changesByToken
  }

  /// The changes of one transaction from the one at `offset` (from 0, in the order it made
  /// them), at most `limit` of them when a limit is given.
  static func changes(
    of token: HistoryToken, from offset: Int, limit: Int?, on connection: PostgresConnection
  ) throws -> [HistoryChange] {
    let result = try connection.query(
      """
      SELECT token, model, kind, id, array_to_json(attributes)::text, preserved::text FROM "_history_changes" \
      WHERE token = $1 ORDER BY position OFFSET $2 LIMIT $3
      """,
      [.integer(token.value), .integer(Int64(max(0, offset))), limit.map { .integer(Int64(max(0, $0))) } ?? .null])
    return try (0..<result.count).map { try change(in: result, row: $0) }
  }

  /// One recorded change.
  private static func change(in result: PostgresResult, row: Int) throws -> HistoryChange {
    let kind: PendingChange.Kind
    switch result.text(row: row, column: 2) {
    case "insert": kind = .insert
    case "update": kind = .update
    case "delete": kind = .delete
    case let other:
      throw PersistenceError.invalidValue("the history holds a change of an unknown kind, \(other ?? "NULL")")
    }
    return HistoryChange(
      model: result.text(row: row, column: 1) ?? "",
      id: PostgresText.unescaped(result.text(row: row, column: 3) ?? ""), kind: kind,
      updatedAttributes: Set(try attributes(result.text(row: row, column: 4) ?? "[]")),
      preservedValues: try preserved(result.text(row: row, column: 5)))
  }

  /// The attribute names of the JSON array the server wrote.
  private static func attributes(_ json: String) throws -> [String] {
    try JSONDecoder().decode([String].self, from: Data(json.utf8)).map(PostgresText.unescaped)
  }

  /// The preserved values of a delete, from the JSON object the trigger kept.
  private static func preserved(_ json: String?) throws -> [String: HistoryValue] {
    guard let json else { return [:] }
    return try JSONDecoder().decode([String: PreservedScalar].self, from: Data(json.utf8)).mapValues(\.value)
  }
}

/// A value the history kept of a deleted row, as JSON holds it: an integer, a number, text or
/// `null`, read back as the engine's value.
private struct PreservedScalar: Decodable {
  let value: HistoryValue

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      value = HistoryValue(.null)
    } else if let integer = try? container.decode(Int64.self) {
      value = HistoryValue(.integer(integer))
    } else if let real = try? container.decode(Double.self) {
      value = HistoryValue(.real(real))
    } else {
      value = HistoryValue(.text(PostgresText.unescaped(try container.decode(String.self))))
    }
  }
}
