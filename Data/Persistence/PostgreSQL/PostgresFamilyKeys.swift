import Foundation
import PostgresCore
import SQLValues

/// Keeps a ``ModelFamily``'s identifiers unique across its members on PostgreSQL.
///
/// Each member has a table of its own, so no one primary key spans them. The family has one
/// more table, its key table (``table(of:)``), whose primary key is every member's identifier
/// as text, with the member's table beside it; triggers on each member's table keep it in step
/// in the statement that writes (inserts and deletes per statement, over transition tables; a
/// changed identifier per row). An identifier another member holds makes the writing statement
/// fail as a unique rule does, naming the member. Two transactions inserting one identifier
/// into two members at once meet on the key table's primary key: the second waits for the
/// first and fails if it commits — which a lookup of the other tables could not see.
///
/// The key table holds the keys of every member whose table the database has, whichever of
/// them a store is opened with.
enum PostgresFamilyKeys {
  /// The name of a family's key table.
  static func table(of family: String) -> String { PostgresNames.bounded("_family_", family) }

  /// The name of the function a member's triggers call.
  static func function(of table: String) -> String { PostgresNames.bounded("_family_key_", table) }

  /// The triggers on each member's table.
  static let triggers = ["_family_insert", "_family_delete", "_family_update"]

  /// Makes the tables of family members keep their family's key table, inside the store's
  /// opening transaction (which holds its advisory lock): creates a family's key table when
  /// missing, forgets the keys of tables the database no longer has, and gives a member
  /// without its current triggers (new, renamed, migrated or made by an earlier version) its
  /// triggers and its keys.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` when two members already hold one
  ///   identifier; the caller's transaction then changes nothing.
  static func prepare(_ definitions: [PostgresTableDefinition], on connection: PostgresConnection) throws {
    let families = Dictionary(grouping: definitions.filter { $0.table.family != nil }) { $0.table.family ?? "" }
    for (family, members) in families.sorted(by: { $0.key < $1.key }) {
      let keys = SQLIdentifier.quote(table(of: family))
      let index = SQLIdentifier.quote(PostgresNames.bounded("_family_members_", family))
      // Only a database that lacks them is given them: one that has them is read, no DDL.
      let present = try connection.query(
        "SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL", [.text(keys), .text(index)])
      if present.bool(row: 0, column: 0) != true {
        try connection.execute(
          #"CREATE TABLE IF NOT EXISTS \#(keys) (key text COLLATE "C" PRIMARY KEY, member text NOT NULL)"#)
        try connection.execute("CREATE INDEX IF NOT EXISTS \(index) ON \(keys) (member)")
      }
      try forgetDroppedTables(keys, on: connection)
      for member in members.sorted(by: { $0.table.name < $1.table.name }) where try !isCurrent(member, on: connection) {
        for statement in statements(for: member, family: family) { try connection.execute(statement) }
        try fill(keys, from: member.table, family: family, on: connection)
      }
    }
  }

  /// Forgets the keys of tables the database no longer has — dropped, or renamed (a renamed
  /// member's keys are then filled again under its new name) — reading the key table's few
  /// members through its index, one step a member, not its rows.
  /// Nothing is deleted, and no privilege to delete needed, when every member is there.
  private static func forgetDroppedTables(_ keys: String, on connection: PostgresConnection) throws {
    let dropped = """
      WITH RECURSIVE members(member) AS (\
      (SELECT member FROM \(keys) ORDER BY member LIMIT 1) UNION ALL \
      SELECT (SELECT k.member FROM \(keys) AS k WHERE k.member > m.member ORDER BY k.member LIMIT 1) \
      FROM members AS m WHERE m.member IS NOT NULL), \
      dropped AS (SELECT member FROM members WHERE member IS NOT NULL AND to_regclass(format('%I', member)) IS NULL)
      """
    guard try connection.query(dropped + "SELECT EXISTS (SELECT 1 FROM dropped)").bool(row: 0, column: 0) == true
    else { return }
    try connection.execute(dropped + "DELETE FROM \(keys) WHERE member IN (SELECT member FROM dropped)")
  }

  /// Whether a member's table has its three triggers, calling its current function.
  private static func isCurrent(_ definition: PostgresTableDefinition, on connection: PostgresConnection) throws -> Bool
  {
    let table = definition.table
    guard let family = table.family else { return true }
    let found = try connection.query(
      """
      SELECT count(*) FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid \
      WHERE t.tgrelid = to_regclass($1) AND t.tgname = ANY($2::text[]) AND p.proname = $3 AND p.prosrc = $4
      """,
      [
        .text(table.quotedName), .text("{" + triggers.joined(separator: ",") + "}"), .text(function(of: table.name)),
        .text(body(for: definition, family: family)),
      ])
    return found.int64(row: 0, column: 0) == Int64(triggers.count)
  }

  /// Puts a member's keys in the family's key table, replacing what it held of them.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` naming an identifier another member
  ///   holds.
  private static func fill(
    _ keys: String, from table: TableSchema, family: String, on connection: PostgresConnection
  ) throws {
    let key = SQLIdentifier.quote(table.primaryKey)
    _ = try connection.query("DELETE FROM \(keys) WHERE member = $1", [.text(table.name)])
    // The statement's own inserts are not visible to its query: what it joins is another's.
    let clash = try connection.query(
      """
      WITH stored AS (INSERT INTO \(keys) (key, member) SELECT \(key)::text, $1 FROM \(table.quotedName) \
      ON CONFLICT (key) DO NOTHING) \
      SELECT m.\(key)::text, k.member FROM \(table.quotedName) AS m JOIN \(keys) AS k ON k.key = m.\(key)::text LIMIT 1
      """, [.text(table.name)])
    guard clash.count > 0 else { return }
    throw PersistenceError.invalidSchema(
      "the identifier \(clash.text(row: 0, column: 0) ?? "") is held by \(table.name) and by "
        + "\(clash.text(row: 0, column: 1) ?? "another table"), members of the family \(family), whose "
        + "identifiers must be unique across its members; nothing was changed")
  }

  /// The statements that give a member's table its function and triggers, replacing those
  /// it had.
  static func statements(for definition: PostgresTableDefinition, family: String) -> [String] {
    let table = definition.table
    let function = SQLIdentifier.quote(function(of: table.name))
    let key = SQLIdentifier.quote(table.primaryKey)
    let on = table.quotedName
    return [
      "CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS "
        + PostgresHistory.literal(body(for: definition, family: family))
    ]
      + triggers.map { "DROP TRIGGER IF EXISTS \(SQLIdentifier.quote($0)) ON \(on)" } + [
        #"CREATE TRIGGER "_family_insert" AFTER INSERT ON \#(on) REFERENCING NEW TABLE AS "_family_new" "#
          + "FOR EACH STATEMENT EXECUTE FUNCTION \(function)()",
        #"CREATE TRIGGER "_family_delete" AFTER DELETE ON \#(on) REFERENCING OLD TABLE AS "_family_old" "#
          + "FOR EACH STATEMENT EXECUTE FUNCTION \(function)()",
        #"CREATE TRIGGER "_family_update" AFTER UPDATE OF \#(key) ON \#(on) FOR EACH ROW "#
          + "WHEN (OLD.\(key) IS DISTINCT FROM NEW.\(key)) EXECUTE FUNCTION \(function)()",
      ]
  }

  /// The body of a member's function: inserted keys stored, deleted keys forgotten, a changed
  /// key moved; a key another member holds refused as a unique violation naming it.
  static func body(for definition: PostgresTableDefinition, family: String) -> String {
    let table = definition.table
    let keys = SQLIdentifier.quote(self.table(of: family))
    let key = SQLIdentifier.quote(table.primaryKey)
    let member = PostgresHistory.literal(table.name)
    // `format` reads `%` in the family's name as its own unless doubled.
    let message = PostgresHistory.literal(
      "%s %s has the identifier of a model of %s, another member of the family "
        + family.replacingOccurrences(of: "%", with: "%%"))
    return """
      DECLARE
        clash text;
        holder text;
        stored bigint;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO \(keys) (key, member) SELECT n.\(key)::text, \(member) FROM "_family_new" AS n
            ON CONFLICT (key) DO NOTHING;
          GET DIAGNOSTICS stored = ROW_COUNT;
          IF stored < (SELECT count(*) FROM "_family_new") THEN
            SELECT k.key, k.member INTO clash, holder FROM "_family_new" AS n
              JOIN \(keys) AS k ON k.key = n.\(key)::text AND k.member <> \(member) LIMIT 1;
          END IF;
        ELSIF TG_OP = 'DELETE' THEN
          DELETE FROM \(keys) AS k USING "_family_old" AS o WHERE k.key = o.\(key)::text AND k.member = \(member);
        ELSE
          DELETE FROM \(keys) WHERE key = OLD.\(key)::text AND member = \(member);
          INSERT INTO \(keys) (key, member) VALUES (NEW.\(key)::text, \(member)) ON CONFLICT (key) DO NOTHING;
          IF NOT FOUND THEN
            SELECT k.key, k.member INTO clash, holder FROM \(keys) AS k WHERE k.key = NEW.\(key)::text;
          END IF;
        END IF;
        IF holder IS NOT NULL THEN
          RAISE EXCEPTION USING ERRCODE = 'unique_violation', MESSAGE = format(\(message), \(PostgresHistory.literal(definition.model)), clash, holder);
        END IF;
        RETURN NULL;
      END
      """
  }
}
