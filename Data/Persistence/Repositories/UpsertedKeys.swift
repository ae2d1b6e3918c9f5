import SQLiteCore

/// The rows an ``UpsertSession`` wrote in its transaction, by `rowid`, each with the origin of
/// the upsert row that wrote it, kept in a temporary table so that a repeat is found however
/// many rows the transaction writes, in the bounded memory of SQLite's page cache. New rows'
/// `rowid`s grow, so recording them appends to the table.
///
/// The table is created with the session, inside the transaction, and dropped before it
/// commits; a rolled-back transaction drops it with everything else.
final class UpsertedKeys {
  private let connection: Connection
  private let table: String
  private let record: Statement
  private let originOf: Statement

  /// Creates the table of a data table's written rows on the transaction's connection.
  init(of table: TableSchema, on connection: Connection) throws {
    self.connection = connection
    self.table = "temp." + SQLIdentifier.quote("upserted_" + table.name)
    try connection.execute(
      "DROP TABLE IF EXISTS \(self.table); "
        + "CREATE TABLE \(self.table) (\"row\" INTEGER PRIMARY KEY, \"origin\" INTEGER NOT NULL)")
    record = try connection.statement("INSERT INTO \(self.table) VALUES (?1, ?2)")
    originOf = try connection.statement("SELECT \"origin\" FROM \(self.table) WHERE \"row\" = ?1")
  }

  /// Records that the upsert row `origin` wrote the row `rowid`, which no row did before.
  func record(_ rowid: Int64, origin: Int) throws {
    try record.bind([.integer(rowid), .integer(Int64(origin))])
    try record.run()
  }

  /// The origin of the upsert row that wrote the row `rowid`, if one did.
  func origin(of rowid: Int64) throws -> Int? {
    defer { originOf.reset() }
    try originOf.bind([.integer(rowid)])
    return try originOf.step() ? Int(originOf.int64(at: 0)) : nil
  }

  /// Drops the table; called once, before the transaction commits.
  func drop() throws {
    try connection.execute("DROP TABLE \(table)")
  }
}
