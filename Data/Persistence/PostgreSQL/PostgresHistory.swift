import Foundation
import PostgresCore
import SQLiteCore

/// The history of a PostgreSQL store: every committed transaction that changed a model, with
/// its changes, recorded by the server itself and announced with `NOTIFY`.
///
/// Each model's table has triggers that record each row a statement inserts, updates or deletes
/// in the same transaction — whatever program writes it — and notify ``channel``, which
/// PostgreSQL delivers at commit, to every listener on any machine (see
/// ``triggerStatements(for:model:)``). A transaction's token is its transaction id. Ids are
/// taken when transactions start, not when they commit, so a reader only reads transactions
/// below the oldest one still running (`pg_snapshot_xmin`): every one of those has ended, so
/// nothing can later appear behind a token already read.
enum PostgresHistory {
  /// The channel a commit that changed a model is announced on.
  static let channel = "_history"

  /// The statements that create the history's tables, once; each table's triggers are
  /// ``triggerStatements(for:model:)``.
  static let createStatements = [
    """
    CREATE TABLE IF NOT EXISTS "_history_transactions" (token bigint PRIMARY KEY, \
    timestamp double precision NOT NULL, author text COLLATE "C")
    """,
    """
    CREATE TABLE IF NOT EXISTS "_history_changes" (token bigint NOT NULL, \
    position bigint GENERATED ALWAYS AS IDENTITY, model text NOT NULL, kind text NOT NULL, \
    id text NOT NULL, attributes text[] NOT NULL DEFAULT '{}', preserved jsonb)
    """,
    #"CREATE INDEX IF NOT EXISTS "_history_changes_token" ON "_history_changes" (token, position)"#,
  ]

  /// Names the author of the transaction the connection is in, for the history.
  static func setAuthor(_ author: String?, on connection: PostgresConnection) throws {
    guard let author else { return }
    _ = try connection.query("SELECT set_config('swiftdata.author', $1, true)", [.text(PostgresText.escaped(author))])
  }

  /// The transactions after a token that have ended, oldest first, at most `limit`; only
  /// those of the named authors when `authors` is given.
  static func transactions(
    after token: HistoryToken?, authors: Set<String>?, limit: Int = 1_000, on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    try transactions(where: SQLFragment("token > ?", [.integer(token?.value ?? 0)]), limit: limit, on: connection)
      .filter { transaction in authors.map { transaction.author.map($0.contains) ?? false } ?? true }
  }

  /// The transactions that have ended whose row meets a condition (with `?` parameters) on the
  /// columns `token`, `timestamp` (seconds since 2001, as the engine stores a `Date`) and
  /// `author`, oldest first, at most `limit`, with their changes.
  static func transactions(
    where condition: SQLFragment, limit: Int?, on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    let found = try connection.run(
      """
      SELECT token, timestamp, author FROM "_history_transactions" \
      WHERE (\(condition.sql)) AND token < pg_snapshot_xmin(pg_current_snapshot())::text::bigint \
      ORDER BY token
      """ + (limit.map { " LIMIT \(max(0, $0))" } ?? ""), condition.bindings)
    guard found.count > 0, let first = found.int64(row: 0, column: 0),
      let last = found.int64(row: found.count - 1, column: 0)
    else { return [] }
    let changes = try connection.query(
      """
      SELECT token, model, kind, id, array_to_json(attributes)::text, preserved::text FROM "_history_changes" \
      WHERE token >= $1 AND token <= $2 ORDER BY token, position
      """, [.integer(first), .integer(last)])
    var changesByToken: [Int64: [HistoryChange]] = [:]
    for row in 0..<changes.count {
      guard let token = changes.int64(row: row, column: 0) else { continue }
      changesByToken[token, default: []].append(try change(in: changes, row: row))
    }
    var transactions: [HistoryTransaction] = []
    for row in 0..<found.count {
      guard let token = found.int64(row: row, column: 0) else { continue }
      let author = found.text(row: row, column: 2).map(PostgresText.unescaped)
      transactions.append(
        HistoryTransaction(
          token: HistoryToken(token),
          timestamp: Date(timeIntervalSinceReferenceDate: found.double(row: row, column: 1) ?? 0),
          author: author, changes: changesByToken[token] ?? []))
    }
    return transactions
  }

  /// Whether a transaction after a token recorded changes but is not readable yet, because one
  /// that began before it is still running.
  static func hasUnended(after token: HistoryToken, on connection: PostgresConnection) throws -> Bool {
    let result = try connection.query(
      #"SELECT EXISTS (SELECT 1 FROM "_history_transactions" WHERE token > $1)"#, [.integer(token.value)])
    return result.bool(row: 0, column: 0) ?? false
  }

  /// The newest token of a transaction that has ended, or `nil` for an empty history.
  static func latestToken(on connection: PostgresConnection) throws -> HistoryToken? {
    let result = try connection.query(
      """
      SELECT max(token) FROM "_history_transactions" \
      WHERE token < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
      """)
    return result.int64(row: 0, column: 0).map(HistoryToken.init)
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
