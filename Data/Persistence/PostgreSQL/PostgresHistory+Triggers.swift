import Foundation
import PostgresCore
import SQLValues

/// The triggers that make a model's table record its changes in the history.
///
/// Each table has three statement-level triggers, `_history_insert`, `_history_update` and
/// `_history_delete`, which see the rows their statement changed as transition tables and
/// record them with one `INSERT … SELECT` a statement (an update's and a delete's rows in key
/// order, as SQLite's history lists them), so a statement that changes 100,000 rows
/// runs its trigger once, not 100,000 times. They call one function per table (see
/// ``triggerFunction(of:)``), written from the table's columns: an update records the
/// attributes whose values differ (old and new rows matched by `rowid`, which no update
/// changes), a delete the values the model preserves. A statement that changed no row records
/// nothing. The first change of a transaction also records the transaction (its token, time
/// and author) and notifies ``channel``.
extension PostgresHistory {
  /// The statements that make a table record its changes: its history function and triggers,
  /// created or replaced, and the row-level trigger of earlier versions dropped. Run them again
  /// after changing the table's columns, so the function compares the columns the table has.
  static func triggerStatements(for table: TableSchema, model: String) -> [String] {
    let function = SQLIdentifier.quote(triggerFunction(of: table.name))
    var statements = [
      "DROP TRIGGER IF EXISTS \(SQLIdentifier.quote(legacyTrigger(of: table.name))) ON \(table.quotedName)",
      "CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS "
        + literal(triggerBody(for: table, model: model)),
    ]
    for event in HistoryTriggerEvent.allCases {
      statements.append("DROP TRIGGER IF EXISTS \(SQLIdentifier.quote(event.trigger)) ON \(table.quotedName)")
      statements.append(
        "CREATE TRIGGER \(SQLIdentifier.quote(event.trigger)) AFTER \(event.rawValue) ON \(table.quotedName) "
          + "REFERENCING \(event.transitionTables) FOR EACH STATEMENT EXECUTE FUNCTION \(function)()")
    }
    return statements
  }

  /// The name of a table's history function: `_history_` and the table's name, within
  /// PostgreSQL's 63 bytes (see ``PostgresNames/bounded(_:_:)``).
  static func triggerFunction(of table: String) -> String { PostgresNames.bounded("_history_", table) }

  /// The name of the row-level trigger earlier versions gave a table.
  static func legacyTrigger(of table: String) -> String { "_history_" + table }

  /// The body of a table's history function.
  static func triggerBody(for table: TableSchema, model: String) -> String {
    let key = SQLIdentifier.quote(table.primaryKey)
    // Rows are recorded in the key's order, text's by its bytes as on SQLite.
    let keyKind = table.columns.first { $0.name == table.primaryKey }?.kind
    let order = keyKind == .text || keyKind == .url ? #" COLLATE "C""# : ""
    let head = #"INSERT INTO "_history_changes" (token, model, kind, id"#
    let values = "SELECT current, \(literal(model)), "
    let changed = table.columns.map(\.name).sorted().map { name in
      let column = SQLIdentifier.quote(name)
      return "CASE WHEN n.\(column) IS DISTINCT FROM o.\(column) THEN \(literal(name)) END"
    }
    let preserved =
      table.preservedOnDeletion.isEmpty
      ? "NULL::jsonb"
      : "jsonb_build_object("
        + table.preservedOnDeletion.map { "\(literal($0)), o.\(SQLIdentifier.quote($0))" }.joined(separator: ", ")
        + ")"
    return """
      DECLARE
        current bigint := pg_current_xact_id()::text::bigint;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          \(head)) \(values)'insert', to_jsonb(n.\(key)) #>> '{}' FROM "_history_new" AS n;
        ELSIF TG_OP = 'UPDATE' THEN
          \(head), attributes) \(values)'update', to_jsonb(n.\(key)) #>> '{}',
            array_remove(ARRAY[\(changed.joined(separator: ", "))]::text[], NULL)
            FROM "_history_new" AS n JOIN "_history_old" AS o ON o.rowid = n.rowid ORDER BY n.\(key)\(order);
        ELSE
          \(head), preserved) \(values)'delete', to_jsonb(o.\(key)) #>> '{}', \(preserved)
            FROM "_history_old" AS o ORDER BY o.\(key)\(order);
        END IF;
        IF FOUND THEN
          INSERT INTO "_history_transactions" (token, timestamp, author)
            VALUES (current, extract(epoch FROM clock_timestamp())::float8 - 978307200,
                    nullif(current_setting('swiftdata.author', true), ''))
            ON CONFLICT (token) DO NOTHING;
          PERFORM pg_notify('\(channel)', '');
        END IF;
        RETURN NULL;
      END
      """
  }

  /// Text as an SQL string literal.
  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}

/// A change a history trigger records: its event, its trigger's name and the transition
/// tables it sees.
enum HistoryTriggerEvent: String, CaseIterable {
  case insert = "INSERT"
  case update = "UPDATE"
  case delete = "DELETE"

  /// The trigger's name on each table (trigger names are a table's own).
  var trigger: String { "_history_" + rawValue.lowercased() }

  /// The `REFERENCING` clause: the rows the statement changed, before and after.
  var transitionTables: String {
    switch self {
    case .insert: #"NEW TABLE AS "_history_new""#
    case .update: #"OLD TABLE AS "_history_old" NEW TABLE AS "_history_new""#
    case .delete: #"OLD TABLE AS "_history_old""#
    }
  }
}

extension PostgresHistory {
  /// Makes a model's table record its changes: when its table is created, and again after a
  /// migration changed it.
  static func installTriggers(for definition: PostgresTableDefinition, on connection: PostgresConnection) throws {
    for statement in triggerStatements(for: definition.table, model: definition.model) {
      try connection.execute(statement)
    }
  }

  /// Replaces the history triggers of an earlier form on these tables, where the role may: a
  /// role that may only read leaves them as they are (reading records nothing), and the next
  /// writer that may replaces them.
  static func replaceOutdatedTriggers(
    of definitions: [PostgresTableDefinition], on connection: PostgresConnection
  ) throws {
    for definition in definitions where try PostgresTableCheck.history(of: definition, on: connection) == .outdated {
      try connection.execute("SAVEPOINT history_triggers")
      do {
        try installTriggers(for: definition, on: connection)
        try connection.execute("RELEASE SAVEPOINT history_triggers")
      } catch let error as PostgresError where error.code == "42501" {
        // insufficient_privilege: not the table's or the function's owner.
        try connection.execute("ROLLBACK TO SAVEPOINT history_triggers; RELEASE SAVEPOINT history_triggers")
      }
    }
  }

  /// Drops the triggers that record a table's history (every one named `_history_…`, however
  /// many the table has), inside a migration's transaction, which makes them again for the
  /// migrated tables.
  static func dropTriggers(of table: TableSchema, on connection: PostgresConnection) throws {
    let names = try connection.query(
      #"SELECT tgname::text FROM pg_trigger WHERE tgrelid = to_regclass($1) AND NOT tgisinternal "#
        + #"AND tgname LIKE '\_history\_%' ORDER BY tgname"#, [.text(table.quotedName)])
    for row in 0..<names.count {
      guard let name = names.text(row: row, column: 0) else { continue }
      try connection.execute("DROP TRIGGER \(SQLIdentifier.quote(name)) ON \(table.quotedName)")
    }
  }
}
