import SQLiteCore

/// The primary keys an ``UpsertSession`` wrote in its transaction, each with the origin of the
/// row that wrote it, kept in a temporary table so that a repeat is found however many rows the
/// transaction writes, in the bounded memory of SQLite's page cache.
///
/// The table is created with the session, inside the transaction, and dropped before it
/// commits; a rolled-back transaction drops it with everything else.
final class UpsertedKeys {
  private let connection: Connection
  private let table: String
  private let claimEncoded: Statement
  private let claimValue: Statement
  private let originOf: Statement
  private let release: Statement
  /// The parameter of `claimEncoded` that takes the origin: the one after the encoded row's.
  private let originParameter: Int32

  /// Creates the table of a data table's keys on the transaction's connection.
  init(of table: TableSchema, on connection: Connection) throws {
    self.connection = connection
    self.table = "temp." + SQLIdentifier.quote("upserted_" + table.name)
    try connection.execute(
      "DROP TABLE IF EXISTS \(self.table); "
        + "CREATE TABLE \(self.table) (\"key\" PRIMARY KEY, \"origin\" INTEGER NOT NULL) WITHOUT ROWID")
    originParameter = Int32(table.columns.count + 1)
    claimEncoded = try connection.statement(
      "INSERT INTO \(self.table) VALUES (?\(table.primaryKeyIndex + 1), ?\(originParameter)) ON CONFLICT DO NOTHING")
    claimValue = try connection.statement("INSERT INTO \(self.table) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
    originOf = try connection.statement("SELECT \"origin\" FROM \(self.table) WHERE \"key\" = ?1")
    release = try connection.statement("DELETE FROM \(self.table) WHERE \"key\" = ?1")
  }

  /// Records that the row `origin` writes the encoded row's primary key; `false` if a row did
  /// already.
  func claim(_ encoder: RowEncoder, origin: Int) throws -> Bool {
    // The encoder binds only the row's own parameters; the origin, bound first, stays bound.
    try claimEncoded.bind(.integer(Int64(origin)), at: originParameter)
    try encoder.run(claimEncoded)
    return connection.changes > 0
  }

  /// Records that the row `origin` writes the row with this primary key; `false` if a row did
  /// already.
  func claim(_ key: SQLValue, origin: Int) throws -> Bool {
    defer { claimValue.reset() }
    try claimValue.bind([key, .integer(Int64(origin))])
    _ = try claimValue.step()
    return connection.changes > 0
  }

  /// The origin of the row that wrote the row with this primary key, if one did.
  func origin(of key: SQLValue) throws -> Int? {
    defer { originOf.reset() }
    try originOf.bind([key])
    return try originOf.step() ? Int(originOf.int64(at: 0)) : nil
  }

  /// Forgets a claim whose row was not written after all.
  func release(_ key: SQLValue) throws {
    try release.bind([key])
    try release.run()
  }

  /// Drops the table; called once, before the transaction commits.
  func drop() throws {
    try connection.execute("DROP TABLE \(table)")
  }
}
