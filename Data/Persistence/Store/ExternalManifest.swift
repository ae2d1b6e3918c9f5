import SQLValues
import SQLiteCore

/// The store's list of the external files it wrote, a table of its own written in the same
/// transaction as the rows that name them: garbage collection removes only files listed here.
enum ExternalManifest {
  static let table = "_external_files"

  /// The statement that creates the manifest's table.
  static let createStatement =
    "CREATE TABLE IF NOT EXISTS \"\(table)\" (name TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID, STRICT"

  /// Whether the store has a manifest.
  static func exists(on connection: Connection) throws -> Bool {
    let statement = try connection.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1")
    defer { statement.reset() }
    try statement.bind(.text(table), at: 1)
    return try statement.step()
  }

  /// Creates the manifest, inside a write transaction, listing the files that rows of `tables`
  /// already name (a store from before the manifest: those files are certainly its own).
  static func create(adopting tables: [TableSchema], on connection: Connection) throws {
    try connection.execute(createStatement)
    for source in referencedNames(tables) {
      try connection.execute("INSERT OR IGNORE INTO \"\(table)\" (name) \(source)")
    }
  }

  /// Lists a file just written, in the caller's transaction. A store without a manifest yet
  /// (one being migrated) lists it when the manifest is created, since a row names it then.
  static func record(_ name: String, on connection: Connection) throws {
    guard try exists(on: connection) else { return }
    let statement = try connection.statement("INSERT OR IGNORE INTO \"\(table)\" (name) VALUES (?1)")
    try statement.bind(.text(name), at: 1)
    try statement.run()
  }

  /// Whether the manifest lists a file.
  static func contains(_ name: String, on connection: Connection) throws -> Bool {
    let statement = try connection.statement("SELECT 1 FROM \"\(table)\" WHERE name = ?1")
    defer { statement.reset() }
    try statement.bind(.text(name), at: 1)
    return try statement.step()
  }

  /// Removes one file from the manifest, in the caller's transaction.
  static func remove(_ name: String, on connection: Connection) throws {
    let statement = try connection.statement("DELETE FROM \"\(table)\" WHERE name = ?1")
    try statement.bind(.text(name), at: 1)
    try statement.run()
  }

  /// The names the manifest lists that no row names, without changing anything.
  static func unreferenced(tables: [TableSchema], on connection: Connection) throws -> [String] {
    guard try exists(on: connection) else { return [] }
    let sources = referencedNames(tables)
    let condition = sources.isEmpty ? "" : " WHERE name NOT IN (\(sources.joined(separator: " UNION ")))"
    let statement = try connection.statement("SELECT name FROM \"\(table)\"\(condition) ORDER BY name")
    defer { statement.reset() }
    var names: [String] = []
    while try statement.step() { names.append(statement.text(at: 0)) }
    return names
  }

  /// One `SELECT` per externally stored column, of the file names its rows hold: a column
  /// holds one name, or a JSON array of names.
  static func referencedNames(_ tables: [TableSchema]) -> [String] {
    tables.flatMap { table in
      table.columns.filter { $0.kind == .external }.map { column in
        let name = SQLIdentifier.quote(column.name)
        return "SELECT value AS name FROM \(table.quotedName), json_each(CASE WHEN substr(\(name), 1, 1) = '[' "
          + "THEN \(name) ELSE json_array(\(name)) END) WHERE \(name) IS NOT NULL"
      }
    }
  }
}
