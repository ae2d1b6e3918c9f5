import Foundation
import PostgresCore
import SQLValues

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

  /// The statements that create the history's tables, once (``createMissing(on:)``); each
  /// table's triggers are ``triggerStatements(for:model:)``.
  private static let createStatements = [
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

  /// Creates the history's tables and index where the database lacks them, inside the
  /// opening transaction (which holds the store's advisory lock). A database that has them is
  /// only read — no DDL, not even `IF NOT EXISTS`, which needs the privilege to create and
  /// waits for every transaction writing the tables — so that a role that may only read
  /// opens the store, and an opening never waits for a writer.
  static func createMissing(on connection: PostgresConnection) throws {
    let present = try connection.query(
      """
      SELECT to_regclass('"_history_transactions"') IS NOT NULL AND to_regclass('"_history_changes"') IS NOT NULL \
      AND to_regclass('"_history_changes_token"') IS NOT NULL
      """)
    guard present.bool(row: 0, column: 0) != true else { return }
    for statement in createStatements { try connection.execute(statement) }
  }

  /// Names the author of the transaction the connection is in, for the history.
  static func setAuthor(_ author: String?, on connection: PostgresConnection) throws {
    guard let author else { return }
    _ = try connection.query("SELECT set_config('swiftdata.author', $1, true)", [.text(PostgresText.escaped(author))])
  }

  /// The transactions after a token that have ended, oldest first, at most `limit` (all of
  /// them for `nil`), each with at most its first `changeLimit` changes; only those of the
  /// named authors when `authors` is given.
  ///
  /// Authors are matched as Swift compares text (the server's equality would tell apart text
  /// Swift holds equal), on the transactions' rows a page at a time until `limit` are found,
  /// and only the changes of those found are read.
  static func transactions(
    after token: HistoryToken?, authors: Set<String>?, limit: Int? = 1_000, changeLimit: Int? = nil,
    on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    try transactions(
      from: token?.value ?? 0, newestFirst: false, authors: authors, limit: limit, changeLimit: changeLimit,
      on: connection)
  }

  /// The transactions before a token (the newest without one) that have ended, newest first,
  /// otherwise as ``transactions(after:authors:limit:changeLimit:on:)``.
  static func transactions(
    before token: HistoryToken?, authors: Set<String>?, limit: Int? = 1_000, changeLimit: Int? = nil,
    on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    try transactions(
      from: token?.value ?? .max, newestFirst: true, authors: authors, limit: limit, changeLimit: changeLimit,
      on: connection)
  }

  /// The transactions past the token `start`, in either direction.
  private static func transactions(
    from start: Int64, newestFirst: Bool, authors: Set<String>?, limit: Int?, changeLimit: Int?,
    on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    let wanted = limit.map { max(0, $0) } ?? .max
    let page = authors == nil ? limit : authorPage
    var found: [Head] = []
    var from = start
    while found.count < wanted {
      let condition = SQLFragment(newestFirst ? "token < ?" : "token > ?", [.integer(from)])
      let heads = try self.heads(where: condition, limit: page, newestFirst: newestFirst, on: connection)
      found += heads.filter { head in authors.map { head.author.map($0.contains) ?? false } ?? true }
        .prefix(wanted - found.count)
      guard authors != nil, heads.count == authorPage, let last = heads.last else { break }
      from = last.token
    }
    return try withChanges(found, limit: changeLimit, on: connection)
  }

  /// How many transactions' rows are read at a time when authors are matched in Swift.
  private static let authorPage = 256

  /// The transactions that have ended whose row meets a condition (with `?` parameters) on the
  /// columns `token`, `timestamp` (seconds since 2001, as the engine stores a `Date`) and
  /// `author`, oldest first, at most `limit`, with their changes. With `everyCommitted`, those
  /// a reader does not see yet — committed after one still running began, anywhere on the
  /// server — are read too: what a deletion of history must find.
  static func transactions(
    where condition: SQLFragment, limit: Int?, everyCommitted: Bool = false, on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    try withChanges(
      try heads(where: condition, limit: limit, everyCommitted: everyCommitted, on: connection), limit: nil,
      on: connection)
  }

  /// A transaction's row: its token, when it committed and its author.
  struct Head {
    let token: Int64
    let timestamp: Date
    let author: String?
  }

  /// The rows of the transactions that have ended and meet a condition as in
  /// ``transactions(where:limit:on:)``, oldest first (or newest first), at most `limit`.
  private static func heads(
    where condition: SQLFragment, limit: Int?, newestFirst: Bool = false, everyCommitted: Bool = false,
    on connection: PostgresConnection
  ) throws -> [Head] {
    let ended = everyCommitted ? "" : " AND token < pg_snapshot_xmin(pg_current_snapshot())::text::bigint"
    let found = try connection.run(
      """
      SELECT token, timestamp, author FROM "_history_transactions" \
      WHERE (\(condition.sql))\(ended) \
      ORDER BY token
      """ + (newestFirst ? " DESC" : "") + (limit.map { " LIMIT \(max(0, $0))" } ?? ""), condition.bindings)
    return (0..<found.count).compactMap { row in
      found.int64(row: row, column: 0).map { token in
        Head(
          token: token, timestamp: Date(timeIntervalSinceReferenceDate: found.double(row: row, column: 1) ?? 0),
          author: found.text(row: row, column: 2).map(PostgresText.unescaped))
      }
    }
  }

  /// The transactions of these rows, with their changes: at most the first `limit` of each when
  /// a limit is given.
  private static func withChanges(
    _ heads: [Head], limit: Int?, on connection: PostgresConnection
  ) throws -> [HistoryTransaction] {
    let changesByToken = try changes(of: heads.map(\.token), limit: limit, on: connection)
    return heads.map { head in
      HistoryTransaction(
        token: HistoryToken(head.token), timestamp: head.timestamp, author: head.author,
        changes: changesByToken[head.token] ?? [])
    }
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

  /// The newest token of any committed transaction, ended or not, or `nil` for an empty
  /// history.
  static func newestCommittedToken(on connection: PostgresConnection) throws -> HistoryToken? {
    let result = try connection.query(#"SELECT max(token) FROM "_history_transactions""#)
    return result.int64(row: 0, column: 0).map(HistoryToken.init)
  }
}
