import Foundation
import SQLiteCore

/// A store's history, kept in two tables of its own: one row per committed transaction (token,
/// time, author) and one per run of changes of one model and kind (token, model, kind, and the
/// identifiers packed by `HistoryIDs`). Writes record their changes through a
/// `HistoryRecorder`, inside their own transaction.
enum HistoryLog {
  static let transactions = "_history_transactions"
  static let changes = "_history_entries"

  /// The statements that create the history tables and their index.
  static let createStatements = """
    CREATE TABLE IF NOT EXISTS "\(transactions)" (token INTEGER PRIMARY KEY AUTOINCREMENT, \
    timestamp REAL NOT NULL, author TEXT) STRICT;
    CREATE TABLE IF NOT EXISTS "\(changes)" (token INTEGER NOT NULL, model TEXT NOT NULL, \
    kind TEXT NOT NULL, ids BLOB NOT NULL) STRICT;
    CREATE INDEX IF NOT EXISTS "\(changes)_token" ON "\(changes)" (token);
    """

  /// Creates the history tables where missing.
  static func prepare(on connection: Connection) throws {
    try connection.execute(createStatements)
  }

  /// Appends a run of changes of one model and kind under a token.
  static func append(
    _ ids: HistoryIDs, model: String, kind: PendingChange.Kind, token: HistoryToken, on connection: Connection
  ) throws {
    let statement = try connection.statement(
      "INSERT INTO \"\(changes)\" (token, model, kind, ids) VALUES (?1, ?2, ?3, ?4)")
    try statement.bind([.integer(token.value), .text(model), .text(kind.rawValue), .blob(Data(ids.bytes))])
    try statement.run()
  }

  /// Whether the store keeps a history.
  static func exists(on connection: Connection) throws -> Bool {
    let statement = try connection.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1")
    defer { statement.reset() }
    try statement.bind(.text(transactions), at: 1)
    return try statement.step()
  }

  /// Makes the record of a write transaction, inside it, and returns its token.
  static func begin(author: String?, on connection: Connection) throws -> HistoryToken {
    let statement = try connection.statement(
      "INSERT INTO \"\(transactions)\" (timestamp, author) VALUES (?1, ?2) RETURNING token")
    defer { statement.reset() }
    try statement.bind([.real(Date().timeIntervalSince1970), author.map { .text($0) } ?? .null])
    _ = try statement.step()
    return HistoryToken(statement.int64(at: 0))
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
          statement.storageClass(at: 2) == .null ? nil : statement.text(at: 2)
        ))
    }
    guard let first = heads.first?.0, let last = heads.last?.0 else { return [] }
    var changesByToken: [Int64: [HistoryChange]] = [:]
    let rows = try connection.statement(
      "SELECT token, model, kind, ids FROM \"\(changes)\" WHERE token BETWEEN ?1 AND ?2 ORDER BY rowid")
    defer { rows.reset() }
    try rows.bind([.integer(first.value), .integer(last.value)])
    while try rows.step() {
      guard let kind = PendingChange.Kind(rawValue: rows.text(at: 2)) else { continue }
      let model = rows.text(at: 1)
      let ids = rows.withBlob(at: 3) { HistoryIDs.texts($0) }
      changesByToken[rows.int64(at: 0), default: []].append(
        contentsOf: ids.map { HistoryChange(model: model, id: $0, kind: kind) })
    }
    return heads.map { token, timestamp, author in
      HistoryTransaction(token: token, timestamp: timestamp, author: author, changes: changesByToken[token.value] ?? [])
    }
  }

  /// The newest token, if any transaction is recorded.
  static func latestToken(on connection: Connection) throws -> HistoryToken? {
    let statement = try connection.statement("SELECT max(token) FROM \"\(transactions)\"")
    defer { statement.reset() }
    guard try statement.step(), statement.storageClass(at: 0) != .null else { return nil }
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
}
