import Foundation
import SQLValues
import SQLiteCore

/// A store's history, kept in two tables of its own: one row per committed transaction (token,
/// time, author) and one per run of changes of one model, kind and set of attributes (token,
/// model, kind, the identifiers packed by `HistoryIDs`, and the attributes: those an update
/// changed, or those a delete preserved, with the preserved values packed the same way, the
/// attributes of each identifier in turn). Writes record their changes through a
/// `HistoryRecorder`, inside their own transaction.
enum HistoryLog {
  static let transactions = "_history_transactions"
  static let changes = "_history_entries"

  /// The statements that create the history tables and their index.
  static let createStatements = """
    CREATE TABLE IF NOT EXISTS "\(transactions)" (token INTEGER PRIMARY KEY AUTOINCREMENT, \
    timestamp REAL NOT NULL, author TEXT) STRICT;
    CREATE TABLE IF NOT EXISTS "\(changes)" (token INTEGER NOT NULL, model TEXT NOT NULL, \
    kind TEXT NOT NULL, ids BLOB NOT NULL, \(detailColumns.joined(separator: ", "))) STRICT;
    CREATE INDEX IF NOT EXISTS "\(changes)_token" ON "\(changes)" (token);
    """

  /// The columns of the changes added after the first version of the history, which stores
  /// made before them gain by `ALTER TABLE` (see ``upgrade(on:)``): the attributes, as a JSON
  /// array of names, and the preserved values.
  static let detailColumns = ["attributes TEXT", "preserved BLOB"]

  /// The statements that created the history tables before ``detailColumns``: a store made
  /// then is the engine's too.
  static let firstCreateStatements = """
    CREATE TABLE "\(transactions)" (token INTEGER PRIMARY KEY AUTOINCREMENT, \
    timestamp REAL NOT NULL, author TEXT) STRICT;
    CREATE TABLE "\(changes)" (token INTEGER NOT NULL, model TEXT NOT NULL, \
    kind TEXT NOT NULL, ids BLOB NOT NULL) STRICT;
    CREATE INDEX "\(changes)_token" ON "\(changes)" (token);
    """

  /// Creates the history tables where missing, and adds the ``detailColumns`` a store from
  /// before them lacks.
  static func prepare(on connection: Connection) throws {
    try connection.execute(createStatements)
    try upgrade(on: connection)
  }

  /// Whether the store's changes table lacks the ``detailColumns``: a history from before them,
  /// which ``prepare(on:)`` upgrades in place and which reads without them meanwhile.
  static func needsUpgrade(on connection: Connection) throws -> Bool {
    let statement = try connection.statement(
      "SELECT count(*) FROM pragma_table_info('\(changes)') WHERE name = 'attributes'")
    defer { statement.reset() }
    guard try statement.step() else { return false }
    return statement.int64(at: 0) == 0
  }

  /// Adds the ``detailColumns`` to a history from before them; their values stay `NULL` for
  /// the changes already recorded.
  static func upgrade(on connection: Connection) throws {
    guard try needsUpgrade(on: connection) else { return }
    for column in detailColumns { try connection.execute("ALTER TABLE \"\(changes)\" ADD COLUMN \(column)") }
  }

  /// Appends a run of changes of one model, kind and set of attributes under a token; `values`
  /// holds, for a delete, the preserved values of each identifier's `attributes` in turn.
  static func append(
    _ ids: HistoryIDs, model: String, kind: PendingChange.Kind, attributes: [String], values: HistoryIDs,
    token: HistoryToken, on connection: Connection
  ) throws {
    let statement = try connection.statement(
      "INSERT INTO \"\(changes)\" (token, model, kind, ids, attributes, preserved) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    try statement.bind([
      .integer(token.value), .text(model), .text(kind.rawValue), .blob(Data(ids.bytes)),
      attributes.isEmpty ? .null : .text(try attributesText(attributes)),
      values.count == 0 ? .null : .blob(Data(values.bytes)),
    ])
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
    try statement.bind([
      .real(Date().timeIntervalSince1970), author.map { .text(TextNormalization.nfc($0)) } ?? .null,
    ])
    _ = try statement.step()
    return HistoryToken(statement.int64(at: 0))
  }

  /// The transactions after a token, oldest first, by the given authors if any are named, at
  /// most `limit`, each with at most its first `changeLimit` changes.
  static func transactions(
    after token: HistoryToken?, authors: Set<String>?, limit: Int? = nil, changeLimit: Int? = nil,
    on connection: Connection
  ) throws -> [HistoryTransaction] {
    try transactions(
      where: condition(SQLFragment("token > ?", [.integer(token?.value ?? 0)]), authors: authors), limit: limit,
      changeLimit: changeLimit, on: connection)
  }

  /// The transactions committed before a token (the newest without one), newest first: pages
  /// of the history read backwards, as ``transactions(after:authors:limit:changeLimit:on:)``
  /// reads it forwards.
  static func transactions(
    before token: HistoryToken?, authors: Set<String>?, limit: Int? = nil, changeLimit: Int? = nil,
    on connection: Connection
  ) throws -> [HistoryTransaction] {
    try transactions(
      where: condition(SQLFragment("token < ?", [.integer(token?.value ?? .max)]), authors: authors), limit: limit,
      changeLimit: changeLimit, newestFirst: true, on: connection)
  }

  /// A condition on the token, and on the author when `authors` is given.
  private static func condition(_ condition: SQLFragment, authors: Set<String>?) -> SQLFragment {
    var condition = condition
    if let authors {
      let list = authors.sorted()
      condition = SQLFragment(
        condition.sql + " AND author IN (\(list.map { _ in "?" }.joined(separator: ", ")))",
        condition.bindings + list.map { .text(TextNormalization.nfc($0)) })
    }
    return condition
  }

  /// The transactions whose row meets a condition on the columns `token`, `timestamp` (seconds
  /// since 2001, as the engine stores a `Date`) and `author`, oldest first (or newest first),
  /// with their changes (at most the first `changeLimit` of each).
  static func transactions(
    where condition: SQLFragment, limit: Int? = nil, changeLimit: Int? = nil, newestFirst: Bool = false,
    on connection: Connection
  ) throws -> [HistoryTransaction] {
    let statement = try connection.statement(
      "SELECT token, timestamp, author FROM \(presented) WHERE \(condition.sql) ORDER BY token"
        + (newestFirst ? " DESC" : "") + (limit.map { " LIMIT \(max(0, $0))" } ?? ""))
    defer { statement.reset() }
    try statement.bind(condition.bindings)
    var heads: [(HistoryToken, Date, String?)] = []
    while try statement.step() {
      heads.append(
        (
          HistoryToken(statement.int64(at: 0)), Date(timeIntervalSinceReferenceDate: statement.double(at: 1)),
          statement.storageClass(at: 2) == .null ? nil : statement.text(at: 2)
        ))
    }
    guard let first = heads.first?.0, let last = heads.last?.0 else { return [] }
    let changesByToken = try changes(
      from: newestFirst ? last : first, through: newestFirst ? first : last, limit: changeLimit, on: connection)
    return heads.map { token, timestamp, author in
      HistoryTransaction(token: token, timestamp: timestamp, author: author, changes: changesByToken[token.value] ?? [])
    }
  }

  /// The transactions as conditions see them: `timestamp`, stored in seconds since 1970, in
  /// seconds since 2001, as the engine stores a `Date` and binds one in a predicate.
  private static let presented =
    "(SELECT token, timestamp - \(Date.timeIntervalBetween1970AndReferenceDate) AS timestamp, author "
    + "FROM \"\(transactions)\")"

  /// Deletes the transactions, with their changes, that meet a condition as in
  /// ``transactions(where:limit:on:)``: the oldest `limit` of them when a limit is given.
  static func delete(where condition: SQLFragment, limit: Int?, on connection: Connection) throws {
    let tokens =
      "SELECT token FROM \(presented) WHERE \(condition.sql) ORDER BY token"
      + (limit.map { " LIMIT \(max(0, $0))" } ?? "")
    // The changes go first: the transactions' rows are what selects them.
    for table in [changes, transactions] {
      let statement = try connection.statement("DELETE FROM \"\(table)\" WHERE token IN (\(tokens))")
      try statement.bind(condition.bindings)
      try statement.run()
    }
  }

  /// A run's attributes as stored: a JSON array of their names.
  private static func attributesText(_ attributes: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(attributes), as: UTF8.self)
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

  /// Deletes the transactions of these tokens, with their changes.
  static func delete(_ tokens: [HistoryToken], on connection: Connection) throws {
    // SQLite binds at most 32,766 parameters to a statement: a few hundred at a time.
    for start in stride(from: 0, to: tokens.count, by: 500) {
      let chunk = tokens[start..<min(start + 500, tokens.count)]
      let list = chunk.map { _ in "?" }.joined(separator: ", ")
      for table in [changes, transactions] {
        let statement = try connection.statement("DELETE FROM \"\(table)\" WHERE token IN (\(list))")
        try statement.bind(chunk.map { .integer($0.value) })
        try statement.run()
      }
    }
  }
}
