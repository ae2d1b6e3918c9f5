import Foundation
import SQLiteCore

/// The substring index of a table's searchable text columns: an FTS5 table with the trigram
/// tokenizer, case-sensitive, keyed by the table's `rowid` and holding no copy of the text, and the
/// three triggers that keep it in step with every insert, update and delete on the table —
/// inside the writing statement's transaction, whatever path wrote (the repository, an upsert,
/// a cascade of a parent's delete, a migration).
///
/// A query narrows a `contains` with it (`rowid IN (SELECT rowid … MATCH …)`) and still applies
/// Swift's exact test, so the index only needs to find a superset of the matching rows: the
/// trigram index of text stored in NFC finds every row whose text holds the NFC needle's bytes.
package struct SearchIndex: Sendable, Hashable {
  /// The table indexed.
  package let table: String
  /// Its searchable columns, in declaration order.
  package let columns: [String]

  /// The prefix of every name the index takes: its FTS5 table, that table's shadow tables and
  /// its triggers. ``EngineTables`` reserves it.
  static let prefix = "_search_"

  /// The shortest needle, in Unicode scalars, the trigram index can narrow.
  static let shortestNeedle = 3

  /// The index of a table's searchable columns, or `nil` when it declares none.
  init?(_ table: TableSchema) {
    guard !table.searchable.isEmpty else { return nil }
    self.init(table: table.name, columns: table.searchable)
  }

  /// The index a stored `CREATE VIRTUAL TABLE` text creates, when it is exactly one the engine
  /// writes: its name and columns are read from the text, which must then be the text the
  /// engine writes for them.
  init?(storedSQL sql: String) {
    let tokens = DefinitionClauses.tokens(of: sql)
    guard tokens.count > 7, tokens[6] == "(", let name = Self.unquoted(tokens[3]),
      name.hasPrefix(Self.prefix), name.hasSuffix("_fts")
    else { return nil }
    var columns: [String] = []
    var position = 7
    while position < tokens.count, let column = Self.unquoted(tokens[position]) {
      columns.append(column)
      position += 2
    }
    let index = SearchIndex(
      table: String(name.dropFirst(Self.prefix.count).dropLast("_fts".count)), columns: columns)
    guard !columns.isEmpty, index.virtualTableStatement == sql else { return nil }
    self = index
  }

  /// A double-quoted identifier token's name, or `nil` for any other token.
  private static func unquoted(_ token: String) -> String? {
    guard token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\"") else { return nil }
    return String(token.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
  }

  /// The index of `columns` of `table`.
  package init(table: String, columns: [String]) {
    self.table = table
    self.columns = columns
  }

  /// The FTS5 table's name. It ends in `_fts`, which none of FTS5's shadow tables (`_data`,
  /// `_idx`, `_docsize`, `_config`) does, so no two tables' names collide.
  package var name: String { Self.prefix + table + "_fts" }

  /// The FTS5 table's name, quoted for SQL.
  package var quotedName: String { SQLIdentifier.quote(name) }

  /// The names of the triggers, each for one kind of write.
  var triggerNames: [String] { ["insert", "delete", "update"].map { Self.prefix + table + "_" + $0 } }

  /// The name of the table of changes not yet in the index. It ends in `_pending`, which no
  /// other name of an index does.
  var pendingName: String { Self.prefix + table + "_pending" }

  /// The statements that create the index over an empty table, in the text SQLite stores for
  /// them: the FTS5 table, the table of pending changes, then the triggers named by
  /// ``triggerNames``.
  ///
  /// The FTS5 table is contentless (`content=''`): it holds the index only, and a delete names
  /// the values it removes. The triggers only append each change — the row, whether it goes or
  /// comes, and its values — to the pending table, a plain table: FTS5 written row by row from a
  /// trigger costs five times what it costs in one statement, so ``flushStatements`` move the
  /// pending changes into the index in one statement before each write transaction commits, and
  /// a query looks at both (``narrowing(_:containing:)``). The trigram tokenizer stops at a NUL
  /// character, so each value is indexed with its NULs as spaces; a needle never holds a NUL, so
  /// the index still finds every row that contains it.
  var createStatements: [String] {
    [virtualTableStatement, pendingTableStatement] + triggerStatements
  }

  /// The statement that creates the FTS5 table.
  var virtualTableStatement: String {
    "CREATE VIRTUAL TABLE \(quotedName) USING fts5(\(quotedColumns), content='', tokenize='trigram case_sensitive 1')"
  }

  /// The statement that creates the table of pending changes.
  var pendingTableStatement: String {
    "CREATE TABLE \(SQLIdentifier.quote(pendingName)) (\"seq\" INTEGER PRIMARY KEY, \"row\" INTEGER NOT NULL, "
      + "\"deleted\" INTEGER NOT NULL, \(quotedColumns))"
  }

  /// The statements that create the triggers that append every change of the table's searchable
  /// columns to the pending table.
  var triggerStatements: [String] {
    let values = { (row: String) in columns.map { "\(row).\(SQLIdentifier.quote($0))" }.joined(separator: ", ") }
    let pending = "INSERT INTO \(SQLIdentifier.quote(pendingName)) (\"row\", \"deleted\", \(quotedColumns))"
    let add = "\(pending) VALUES (new.rowid, 0, \(values("new")));"
    let remove = "\(pending) VALUES (old.rowid, 1, \(values("old")));"
    let base = SQLIdentifier.quote(table)
    let triggers = triggerNames.map(SQLIdentifier.quote)
    return [
      "CREATE TRIGGER \(triggers[0]) AFTER INSERT ON \(base) BEGIN \(add) END",
      "CREATE TRIGGER \(triggers[1]) AFTER DELETE ON \(base) BEGIN \(remove) END",
      "CREATE TRIGGER \(triggers[2]) AFTER UPDATE OF \(quotedColumns) ON \(base) BEGIN \(remove) \(add) END",
    ]
  }

  /// The searchable columns, quoted and joined for SQL.
  private var quotedColumns: String { columns.map(SQLIdentifier.quote).joined(separator: ", ") }

  /// The statements that move the pending changes into the index, in the order they were made,
  /// and empty the pending table.
  var flushStatements: [String] {
    let pending = SQLIdentifier.quote(pendingName)
    return [
      "INSERT INTO \(quotedName) (\(quotedName), rowid, \(quotedColumns)) SELECT CASE \"deleted\" WHEN 1 THEN "
        + "'delete' END, \"row\", \(searchTexts) FROM \(pending) ORDER BY \"seq\"",
      "DELETE FROM \(pending)",
    ]
  }

  /// The statement that fills the index, made empty, from every row of the table, as the
  /// insert trigger and a flush would.
  var fillStatement: String {
    "INSERT INTO \(quotedName) (rowid, \(quotedColumns)) SELECT rowid, \(searchTexts) FROM \(SQLIdentifier.quote(table))"
  }

  /// The searchable columns as the index takes them: each NUL a space (`swift_search_text`, which
  /// the engine's connections have; the triggers store values as they are, so another program
  /// writing the table through SQLite still records its changes).
  private var searchTexts: String {
    columns.map { "swift_search_text(\(SQLIdentifier.quote($0)))" }.joined(separator: ", ")
  }

  /// The statement that fails with `SQLITE_CORRUPT` when the index is damaged.
  package var integrityCheckStatement: String {
    "INSERT INTO \(quotedName) (\(quotedName)) VALUES ('integrity-check')"
  }

  /// The statements that drop the index and its triggers, if they exist.
  static func dropStatements(forTable table: String) -> [String] {
    let index = SearchIndex(table: table, columns: [])
    return index.triggerNames.map { "DROP TRIGGER IF EXISTS \(SQLIdentifier.quote($0))" } + [
      "DROP TABLE IF EXISTS \(index.quotedName)", "DROP TABLE IF EXISTS \(SQLIdentifier.quote(index.pendingName))",
    ]
  }

  /// The condition that keeps the rows whose `column` may contain `needle` — those the index
  /// finds, and those written since its last flush — and its binding:
  /// `nil` when the index cannot narrow that needle (too short, or holding a NUL, which ends
  /// FTS5's query text). The needle is bound as one FTS5 string, so its quotes, `*`, `^`,
  /// parentheses and words such as `NEAR` or `AND` are plain text.
  func narrowing(_ column: String, containing needle: String) -> SQLFragment? {
    guard columns.contains(column), needle.unicodeScalars.count >= Self.shortestNeedle,
      !needle.unicodeScalars.contains("\u{0}")
    else { return nil }
    let phrase = "\"" + needle.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return SQLFragment(
      "rowid IN (SELECT rowid FROM \(quotedName) WHERE \(SQLIdentifier.quote(column)) MATCH ? "
        + "UNION ALL SELECT \"row\" FROM \(SQLIdentifier.quote(pendingName)) WHERE \"deleted\" = 0)",
      [.text(phrase)])
  }
}

extension SearchIndex {
  /// Brings a table's index to what its schema declares, on a table that already holds rows:
  /// when the stored FTS5 table and triggers are not exactly the declared ones, or `refill` is
  /// set (the table was rebuilt, so its `rowid`s changed), they are dropped and created again
  /// and the index is filled from the rows. A table that declares none loses any it had.
  static func prepare(_ table: TableSchema, refill: Bool = false, on connection: Connection) throws {
    let wanted = SearchIndex(table)
    let stored = try storedStatements(forTable: table.name, on: connection)
    if let wanted, !refill, stored == wanted.createStatements { return }
    if stored.isEmpty, wanted == nil { return }
    for statement in dropStatements(forTable: table.name) { try connection.execute(statement) }
    guard let wanted else { return }
    for statement in wanted.createStatements { try connection.execute(statement) }
    try connection.execute(wanted.fillStatement)
  }

  /// The stored text of a table's index objects that exist, in ``createStatements`` order.
  static func storedStatements(forTable table: String, on connection: Connection) throws -> [String] {
    let index = SearchIndex(table: table, columns: [])
    let statement = try connection.statement("SELECT sql FROM sqlite_schema WHERE name = ?1 AND type = ?2")
    defer { statement.reset() }
    var result: [String] = []
    let objects = [(index.name, "table"), (index.pendingName, "table")] + index.triggerNames.map { ($0, "trigger") }
    for (name, type) in objects {
      statement.reset()
      try statement.bind([.text(name), .text(type)])
      if try statement.step() { result.append(statement.text(at: 0)) }
    }
    return result
  }
}
