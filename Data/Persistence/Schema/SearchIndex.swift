import Foundation
import SQLValues
import SQLiteCore

/// The substring index of a table's searchable text columns: an FTS5 table with the trigram
/// tokenizer, case-sensitive, keyed by the table's `rowid`, holding no copy of the text and only
/// which rows hold each trigram (`detail=none`: no columns, no positions), and the
/// three triggers that keep it in step with every insert, update and delete on the table —
/// inside the writing statement's transaction, whatever path wrote (the repository, an upsert,
/// a cascade of a parent's delete, a migration).
///
/// A query narrows a `contains` with it (`rowid IN (SELECT rowid … MATCH …)`) and still applies
/// Swift's exact test, so the index only needs to find a superset of the matching rows: the
/// trigram index of text stored in NFC finds every row whose text holds every trigram of the NFC
/// needle, which every row that holds the needle does. Without positions it cannot match a
/// phrase, nor a column: a needle's trigrams are looked up together (`AND`) in every searchable
/// column, and the exact test sorts out the rows that hold them apart or in another column. It
/// takes half the time to build, and half the space, of an index that keeps them.
package struct SearchIndex: Sendable, Hashable {
  /// The table indexed.
  package let table: String
  /// Its searchable columns, in declaration order.
  package let columns: [String]
  /// Whether the FTS5 table keeps each trigram's columns and positions (FTS5's default
  /// `detail=full`), as indexes made before `detail=none` do: such an index still narrows every
  /// query, and a writable open builds it again in the current form (``prepare(_:refill:on:)``).
  package let keepsPositions: Bool

  /// The prefix of every name the index takes: its FTS5 table, that table's shadow tables and
  /// its triggers. ``EngineTables`` reserves it.
  static let prefix = "_search_"

  /// The shortest needle, in Unicode scalars, the trigram index can narrow.
  static let shortestNeedle = 3

  /// The most trigrams of a needle one lookup asks for: a longer needle's are taken evenly
  /// spread, its first and last among them, which narrows as well as all of them would.
  static let mostTrigrams = 16

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
    let table = String(name.dropFirst(Self.prefix.count).dropLast("_fts".count))
    let forms = [false, true].map { SearchIndex(table: table, columns: columns, keepsPositions: $0) }
    guard !columns.isEmpty, let index = forms.first(where: { $0.virtualTableStatement == sql }) else { return nil }
    self = index
  }

  /// A double-quoted identifier token's name, or `nil` for any other token.
  private static func unquoted(_ token: String) -> String? {
    guard token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\"") else { return nil }
    return String(token.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
  }

  /// The index of `columns` of `table`, in the current form unless `keepsPositions`.
  package init(table: String, columns: [String], keepsPositions: Bool = false) {
    self.table = table
    self.columns = columns
    self.keepsPositions = keepsPositions
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
    "CREATE VIRTUAL TABLE \(quotedName) USING fts5(\(quotedColumns), content='', "
      + (keepsPositions ? "" : "detail=none, ") + "tokenize='trigram case_sensitive 1')"
  }

  /// The statement that creates the table of pending changes.
  var pendingTableStatement: String {
    "CREATE TABLE \(SQLIdentifier.quote(pendingName)) (\"seq\" INTEGER PRIMARY KEY, \"row\" INTEGER NOT NULL, "
      + "\"deleted\" INTEGER NOT NULL, \(quotedColumns))"
  }

  /// The statements that create the triggers that append every change of the table's searchable
  /// columns to the pending table.
  var triggerStatements: [String] { triggerStatements(ifNotExists: false) }

  /// ``triggerStatements``, each one with `IF NOT EXISTS` when asked. SQLite stores a trigger's
  /// text from its name on, so either form stores the same text.
  private func triggerStatements(ifNotExists: Bool) -> [String] {
    let values = { (row: String) in columns.map { "\(row).\(SQLIdentifier.quote($0))" }.joined(separator: ", ") }
    let add = "\(pendingInsert) VALUES (new.rowid, 0, \(values("new")));"
    let remove = "\(pendingInsert) VALUES (old.rowid, 1, \(values("old")));"
    let base = SQLIdentifier.quote(table)
    let create = ifNotExists ? "CREATE TRIGGER IF NOT EXISTS" : "CREATE TRIGGER"
    let triggers = triggerNames.map(SQLIdentifier.quote)
    return [
      "\(create) \(triggers[0]) AFTER INSERT ON \(base) BEGIN \(add) END",
      "\(create) \(triggers[1]) AFTER DELETE ON \(base) BEGIN \(remove) END",
      "\(create) \(triggers[2]) AFTER UPDATE OF \(quotedColumns) ON \(base) BEGIN \(remove) \(add) END",
    ]
  }

  /// The start of every statement that appends a change to the pending table.
  private var pendingInsert: String {
    "INSERT INTO \(SQLIdentifier.quote(pendingName)) (\"row\", \"deleted\", \(quotedColumns))"
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

  /// Runs `deleteEveryRow`, which deletes every row of the table, without the delete trigger,
  /// then empties the index with FTS5's `delete-all` command and drops the pending changes,
  /// which name only rows that are gone: a delete of the whole table copies no row's text and
  /// removes none from the index one by one. The trigger is dropped and created again inside the
  /// caller's transaction, so a rollback restores it with the rows.
  func deletingEveryRow<T>(on connection: Connection, _ deleteEveryRow: () throws -> T) throws -> T {
    try connection.execute("DROP TRIGGER \(SQLIdentifier.quote(triggerNames[1]))")
    let result = try deleteEveryRow()
    try connection.execute(triggerStatements[1])
    try connection.execute("INSERT INTO \(quotedName) (\(quotedName)) VALUES ('delete-all')")
    try connection.execute("DELETE FROM \(SQLIdentifier.quote(pendingName))")
    return result
  }

  /// The statement that drops the insert trigger, if it is there: a writer that appends the
  /// changes of the rows it inserts itself (``appendInsertedStatement``) runs without it, since
  /// a statement that fires a trigger keeps a statement journal (a copy of each page it changes,
  /// which goes to a temporary file, a system call a page, once one statement of the transaction
  /// outgrew memory).
  var suspendInsertTriggerStatement: String {
    "DROP TRIGGER IF EXISTS \(SQLIdentifier.quote(triggerNames[0]))"
  }

  /// The statement that creates the insert trigger again unless it is there, storing the text
  /// ``triggerStatements`` store.
  var restoreInsertTriggerStatement: String { triggerStatements(ifNotExists: true)[0] }

  /// The statement that appends the rows of `rowid` `?1` to `?2`, all of them just inserted, to
  /// the pending changes, in `rowid` order, as the insert trigger would have.
  ///
  /// `OR FAIL`: a statement that writes many rows and may abort on a constraint keeps a statement
  /// journal, a copy of each page it changes, which SQLite moves to a temporary file, for the
  /// rest of the transaction, once it outgrows 64 KiB (a batch's run did: a file write for each
  /// of some thirty pages a batch). Nothing it writes can break a constraint, and a statement
  /// that fails otherwise fails the whole upsert, whose transaction is then rolled back.
  var appendInsertedStatement: String {
    "INSERT OR FAIL" + pendingInsert.dropFirst("INSERT".count)
      + " SELECT rowid, 0, \(quotedColumns) FROM \(SQLIdentifier.quote(table)) "
      + "WHERE rowid BETWEEN ?1 AND ?2 ORDER BY rowid"
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
  /// finds holding each of its trigrams (``trigramQuery(_:)``) in any searchable column, and those
  /// written since its last flush — and its binding: `nil` when the index cannot narrow that
  /// needle (too short, or holding a NUL, which ends FTS5's query text).
  func narrowing(_ column: String, containing needle: String) -> SQLFragment? {
    guard columns.contains(column), let query = Self.trigramQuery(needle) else { return nil }
    return SQLFragment(
      "rowid IN (SELECT rowid FROM \(quotedName) WHERE \(matchClause) "
        + "UNION ALL SELECT \"row\" FROM \(SQLIdentifier.quote(pendingName)) WHERE \"deleted\" = 0)",
      [.text(query)])
  }

  /// The text every narrowing holds, by which a query is known to read the index: a quoted name
  /// followed by ` MATCH`, which no other quoted identifier's text can hold.
  var matchClause: String { "\(quotedName) MATCH ?" }

  /// The FTS5 query that finds the rows holding every trigram of `needle` — at most
  /// ``mostTrigrams`` of them, each once — or `nil` for a needle shorter than
  /// ``shortestNeedle`` or holding a NUL. Each trigram is one FTS5 string, so quotes, `*`, `^`,
  /// parentheses and words such as `NEAR` or `AND` are plain text.
  static func trigramQuery(_ needle: String) -> String? {
    let scalars = Array(needle.unicodeScalars)
    guard scalars.count >= shortestNeedle, !scalars.contains("\u{0}") else { return nil }
    let last = scalars.count - shortestNeedle
    let starts =
      last < mostTrigrams
      ? Array(0...last) : (0..<mostTrigrams).map { $0 * last / (mostTrigrams - 1) }
    var seen = Set<String>()
    var terms: [String] = []
    for start in starts {
      // Quoted scalar by scalar: a quote followed by a combining mark is one Swift character,
      // which a search for the quote character would miss.
      var term = String.UnicodeScalarView(["\""])
      for scalar in scalars[start..<start + shortestNeedle] {
        term.append(scalar)
        if scalar == "\"" { term.append(scalar) }
      }
      term.append("\"")
      let text = String(term)
      guard seen.insert(text).inserted else { continue }
      terms.append(text)
    }
    return terms.joined(separator: " AND ")
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

  /// Builds again, each in a write transaction of its own, the indexes of `tables` a store
  /// keeps in an earlier form (``keepsPositions``): a store of the current schema version opened
  /// writable. An index that is missing or foreign is left to the checks that report it.
  static func rebuildOutdated(of tables: [TableSchema], on connection: Connection) throws {
    for table in tables {
      guard let wanted = SearchIndex(table) else { continue }
      let outdated = SearchIndex(table: table.name, columns: wanted.columns, keepsPositions: true)
      guard try storedStatements(forTable: table.name, on: connection) == outdated.createStatements else { continue }
      try connection.writeTransaction {
        // Another process may have built it since this one looked.
        guard try storedStatements(forTable: table.name, on: connection) == outdated.createStatements else { return }
        try prepare(table, on: connection)
      }
    }
  }

  /// Whether a store holds this index's objects, in the current form or in the earlier one
  /// (``keepsPositions``), either of which narrows queries.
  func isStored(on connection: Connection) throws -> Bool {
    let stored = try Self.storedStatements(forTable: table, on: connection)
    return [false, true].contains {
      SearchIndex(table: table, columns: columns, keepsPositions: $0).createStatements == stored
    }
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
