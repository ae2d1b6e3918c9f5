import Foundation
import PostgresCore

/// The record a versioned PostgreSQL store keeps of its schema's version, in a one-row table of
/// its own beside the models' tables (the same name as a store file's record).
enum PostgresSchemaRecord {
  /// The table that holds the record.
  static let table = "_schema_version"

  /// The version the database records, or `nil` when it records none.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a record that cannot be read.
  static func read(on connection: PostgresConnection) throws -> Schema.Version? {
    let exists = try connection.query("SELECT to_regclass($1) IS NOT NULL", [.text(SQLIdentifier.quote(table))])
    guard exists.bool(row: 0, column: 0) == true else { return nil }
    let record = try connection.query("SELECT version FROM \(SQLIdentifier.quote(table)) WHERE id = 1")
    guard record.count == 1, let text = record.text(row: 0, column: 0), let version = Schema.Version(text) else {
      throw PersistenceError.invalidSchema("the database's record of its schema's version is damaged")
    }
    return version
  }

  /// Records a version, replacing any other; call it inside the transaction that made the
  /// schema what it records.
  static func write(_ version: Schema.Version, on connection: PostgresConnection) throws {
    let quoted = SQLIdentifier.quote(table)
    try connection.execute(
      "CREATE TABLE IF NOT EXISTS \(quoted) (id integer PRIMARY KEY CHECK (id = 1), "
        + "version text NOT NULL, recorded double precision NOT NULL)")
    _ = try connection.query(
      "INSERT INTO \(quoted) (id, version, recorded) VALUES (1, $1, $2) ON CONFLICT (id) DO UPDATE "
        + "SET version = excluded.version, recorded = excluded.recorded",
      [.text(version.description), .real(Date().timeIntervalSinceReferenceDate)])
  }
}
