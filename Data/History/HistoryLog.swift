internal import CSQLite
import Foundation

/// A store's history, kept in its own tables and written by triggers, so every change of every
/// write is recorded in the write's own transaction: the repositories', a context's save, an
/// import, cascaded deletes.
///
/// Each write transaction first adds its row to `_history_transactions`; the triggers of each
/// model table add a row to `_history_changes` for each row changed, under the newest token. A
/// transaction that changed nothing leaves no record.
enum HistoryLog {
  static let transactions = "_history_transactions"
  static let changes = "_history_changes"

  /// Creates the history tables, and the triggers of every model table, where missing.
  static func prepare(_ tables: [(table: TableSchema, model: String)], on connection: Connection) throws {
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS "\(transactions)" (token INTEGER PRIMARY KEY AUTOINCREMENT, \
      timestamp REAL NOT NULL, author TEXT) STRICT;
      CREATE TABLE IF NOT EXISTS "\(changes)" (token INTEGER NOT NULL, model TEXT NOT NULL, id ANY, \
      kind TEXT NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS "\(changes)_token" ON "\(changes)" (token);
      """)
    for (table, model) in tables {
      let key = SQLIdentifier.quote(table.primaryKey)
      let name = model.replacingOccurrences(of: "'", with: "''")
      for (event, row, kind) in [("INSERT", "NEW", "insert"), ("UPDATE", "NEW", "update"), ("DELETE", "OLD", "delete")]
      {
        try connection.execute(
          """
          CREATE TRIGGER IF NOT EXISTS \(SQLIdentifier.quote("_history_\(table.name)_\(kind)")) \
          AFTER \(event) ON \(table.quotedName) BEGIN \
          INSERT INTO "\(changes)" (token, model, id, kind) \
          VALUES ((SELECT max(token) FROM "\(transactions)"), '\(name)', \(row).\(key), '\(kind)'); END
          """)
      }
    }
  }

  /// Whether the store keeps a history.
  static func exists(on connection: Connection) throws -> Bool {
    let statement = try connection.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1")
    defer { statement.reset() }
    try statement.bind(.text(transactions), at: 1)
    return try statement.step()
  }

  /// Opens the record of a write transaction; call it first inside the transaction.
  static func begin(author: String?, on connection: Connection) throws -> HistoryToken {
    let statement = try connection.statement(
      "INSERT INTO \"\(transactions)\" (timestamp, author) VALUES (?1, ?2) RETURNING token")
    defer { statement.reset() }
    try statement.bind([.real(Date().timeIntervalSince1970), author.map { .text($0) } ?? .null])
    _ = try statement.step()
    return HistoryToken(statement.int64(at: 0))
  }

  /// Closes the record of a write transaction: one that changed nothing is removed. Returns
  /// whether anything changed.
  static func end(_ token: HistoryToken, on connection: Connection) throws -> Bool {
    let check = try connection.statement("SELECT EXISTS (SELECT 1 FROM \"\(changes)\" WHERE token = ?1)")
    defer { check.reset() }
    try check.bind(.integer(token.value), at: 1)
    guard try check.step(), check.int64(at: 0) == 0 else { return true }
    let remove = try connection.statement("DELETE FROM \"\(transactions)\" WHERE token = ?1")
    try remove.bind(.integer(token.value), at: 1)
    try remove.run()
    return false
  }

  /// The transactions after a token, oldest first, by the given authors if any are named.
  static func transactions(
    after token: HistoryToken?, authors: Set<String>?, limit: Int? = nil, on connection: Connection
  ) throws -> [HistoryTransaction] {
    var sql = "SELECT token, timestamp, author FROM \"\(transactions)\" WHERE token > ?1"
    var bindings: [SQLValue] = [.integer(token?.value ?? 0)]
    if let authors {
      let list = authors.sorted()
      sql += " AND author IN (\(list.indices.map { "?\($0 + 2)" }.joined(separator: ", ")))"
      bindings += list.map { .text($0) }
    }
    sql += " ORDER BY token"
    if let limit { sql += " LIMIT \(max(0, limit))" }
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    try statement.bind(bindings)
    var heads: [(HistoryToken, Date, String?)] = []
    while try statement.step() {
      heads.append(
        (
          HistoryToken(statement.int64(at: 0)), Date(timeIntervalSince1970: statement.double(at: 1)),
          statement.columnType(2) == SQLITE_NULL ? nil : statement.text(at: 2)
        ))
    }
    guard let first = heads.first?.0, let last = heads.last?.0 else { return [] }
    var changesByToken: [Int64: [HistoryChange]] = [:]
    let rows = try connection.statement(
      "SELECT token, model, id, kind FROM \"\(changes)\" WHERE token BETWEEN ?1 AND ?2 ORDER BY rowid")
    defer { rows.reset() }
    try rows.bind([.integer(first.value), .integer(last.value)])
    while try rows.step() {
      guard let kind = PendingChange.Kind(rawValue: rows.text(at: 3)) else { continue }
      changesByToken[rows.int64(at: 0), default: []].append(
        HistoryChange(model: rows.text(at: 1), id: idText(rows), kind: kind))
    }
    return heads.map { token, timestamp, author in
      HistoryTransaction(token: token, timestamp: timestamp, author: author, changes: changesByToken[token.value] ?? [])
    }
  }

  /// The newest token, if any transaction is recorded.
  static func latestToken(on connection: Connection) throws -> HistoryToken? {
    let statement = try connection.statement("SELECT max(token) FROM \"\(transactions)\"")
    defer { statement.reset() }
    guard try statement.step(), statement.columnType(0) != SQLITE_NULL else { return nil }
    return HistoryToken(statement.int64(at: 0))
  }

  /// Deletes the transactions up to and including a token, with their changes.
  static func delete(through token: HistoryToken, on connection: Connection) throws {
    for table in [changes, transactions] {
      let statement = try connection.statement("DELETE FROM \"\(table)\" WHERE token <= ?1")
      try statement.bind(.integer(token.value), at: 1)
      try statement.run()
    }
  }

  /// An identifier as text: a 16-byte blob as a UUID, anything else as SQLite gives it.
  private static func idText(_ statement: Statement) -> String {
    if let uuid = statement.uuid(at: 2) { return uuid.uuidString.lowercased() }
    return statement.text(at: 2)
  }
}
