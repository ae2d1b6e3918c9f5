import SQLValues
import SQLiteCore

/// Refuses a store whose schema holds what could run code, hide data or change how values are
/// stored: views, and triggers and virtual tables other than the substring indexes the engine
/// makes (``SearchIndex``), and tables of the engine whose definitions were edited by hand. A
/// store that has one is not the engine's, or was tampered with; it is refused before anything
/// is written to it.
enum SchemaGuard {
  /// Checks the schema a connection sees for views, and for triggers and virtual tables that
  /// are not exactly a substring index and its triggers as the engine writes them.
  ///
  /// A store a task marked incomplete (``IncompleteMark``) is refused too, naming its note.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` naming the first such object.
  static func check(_ connection: Connection, path: String) throws {
    if let note = try IncompleteMark.note(on: connection) { throw IncompleteMark.incomplete(path: path, note: note) }
    let statement = try connection.statement(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('trigger', 'view') "
        + "OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%') ORDER BY rowid")
    defer { statement.reset() }
    var objects: [(type: String, name: String, table: String, sql: String)] = []
    while try statement.step() {
      let type = statement.text(at: 0) == "table" ? "virtual table" : statement.text(at: 0)
      objects.append((type, statement.text(at: 1), statement.text(at: 2), statement.text(at: 3)))
    }
    let indexes = objects.compactMap { $0.type == "virtual table" ? SearchIndex(storedSQL: $0.sql) : nil }
    let allowed = Set(indexes.flatMap { [$0.virtualTableStatement] + $0.triggerStatements })
    if let foreign = objects.first(where: { !allowed.contains($0.sql) }) {
      throw PersistenceError.cannotOpen(
        path: path, reason: "its schema holds a \(foreign.type) ('\(foreign.name)'), which a store never has")
    }
    let present = Set(objects.map(\.sql))
    if let index = indexes.first(where: { !present.isSuperset(of: $0.triggerStatements) }) {
      throw PersistenceError.cannotOpen(
        path: path,
        reason: "the search index of its table '\(index.table)' lacks one of its triggers, so it is out of step")
    }
  }

  /// Checks that each of the engine's tables the store holds — the models' `tables`, the schema
  /// record, the history and the manifest of external files — is defined as the engine defines
  /// it: the same columns with the same declared types, `NOT NULL`, defaults and keys; the same
  /// indexes, `UNIQUE` constraints and references; `STRICT` and `WITHOUT ROWID` alike; and no
  /// `CHECK`, `COLLATE`, generated column, `ON CONFLICT` or other clause the engine does not
  /// write (``TableDefinition``). The stored text itself is not compared, so a table that grew by
  /// `ALTER TABLE … ADD COLUMN` or was written by an older generator passes. Without `exact`, a
  /// table may also keep plain columns and indexes its model no longer has, and lack columns
  /// (the caller says which), as a store opened without a migration plan may.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` naming the first table that differs
  ///   and how.
  static func checkDefinitions(
    _ connection: Connection, of tables: [TableSchema], exact: Bool = true, path: String
  ) throws {
    // The tables and their indexes, not the substring indexes (``check(_:path:)`` compares
    // those, text for text): its virtual table, shadow tables and triggers were a third of
    // making the expected schema at every open, and no compared definition depends on them.
    let statements =
      tables.flatMap { [$0.createTableStatement(named: $0.name)] + $0.indexStatements } + [
        SchemaRecord.createStatement, HistoryLog.createStatements, ExternalManifest.createStatement,
      ]
    let expected = try Connection(location: .memory, readOnly: false)
    for statement in statements { try expected.execute(statement) }
    let names =
      tables.map(\.name) + [
        SchemaRecord.table, HistoryLog.transactions, HistoryLog.changes, ExternalManifest.table,
      ]
    for name in names {
      guard let stored = try TableDefinition.read(name, from: connection),
        let wanted = try TableDefinition.read(name, from: expected),
        let difference = stored.difference(from: wanted, exact: exact)
      else { continue }
      // A history from before the changes' attributes is the engine's: opening it upgrades it.
      if name == HistoryLog.changes, try isFirstHistory(stored) { continue }
      throw PersistenceError.cannotOpen(
        path: path,
        reason: "the definition of its table '\(name)' was changed: \(difference); it is not a store the engine made")
    }
  }

  /// Whether a stored changes table is the history's as first defined, before
  /// ``HistoryLog/detailColumns``.
  private static func isFirstHistory(_ stored: TableDefinition) throws -> Bool {
    let first = try Connection(location: .memory, readOnly: false)
    try first.execute(HistoryLog.firstCreateStatements)
    guard let wanted = try TableDefinition.read(HistoryLog.changes, from: first) else { return false }
    return stored.difference(from: wanted, exact: true) == nil
  }
}
