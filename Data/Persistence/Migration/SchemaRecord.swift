import Foundation
import SQLValues
import SQLiteCore

/// The record a versioned store keeps of its schema: the version and the fingerprint of the
/// tables it was created or migrated to, in a one-row table of its own.
struct SchemaRecord: Equatable {
  /// The table that holds the record.
  static let table = "_schema_version"

  /// The schema's version.
  let version: Schema.Version
  /// The fingerprint of the schema's ``SchemaDescription``.
  let fingerprint: String

  /// The record a store holds, or `nil` if it holds none.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` for a record that cannot be read.
  static func read(from connection: Connection, path: String) throws -> SchemaRecord? {
    let exists = try connection.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1")
    defer { exists.reset() }
    try exists.bind(.text(table), at: 1)
    guard try exists.step() else { return nil }
    let statement = try connection.statement("SELECT version, fingerprint FROM \"\(table)\" WHERE id = 1")
    defer { statement.reset() }
    guard try statement.step(), let version = Schema.Version(statement.text(at: 0)) else {
      throw PersistenceError.cannotOpen(path: path, reason: "its record of the schema's version is damaged")
    }
    return SchemaRecord(version: version, fingerprint: statement.text(at: 1))
  }

  /// The statement that creates the record's table.
  static let createStatement =
    "CREATE TABLE IF NOT EXISTS \"\(table)\" (id INTEGER PRIMARY KEY CHECK (id = 1), "
    + "version TEXT NOT NULL, fingerprint TEXT NOT NULL, recorded REAL NOT NULL) STRICT"

  /// Writes the record, replacing any other; call it inside the transaction that made the
  /// schema what it records.
  func write(to connection: Connection) throws {
    try connection.execute(Self.createStatement)
    let statement = try connection.statement(
      "INSERT INTO \"\(Self.table)\" (id, version, fingerprint, recorded) VALUES (1, ?1, ?2, ?3) "
        + "ON CONFLICT (id) DO UPDATE SET version = excluded.version, fingerprint = excluded.fingerprint, "
        + "recorded = excluded.recorded")
    try statement.bind([.text(version.description), .text(fingerprint), .real(Date().timeIntervalSince1970)])
    try statement.run()
  }
}
