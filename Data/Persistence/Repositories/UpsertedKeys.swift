import SQLValues
import SQLiteCore

/// The rows an ``UpsertSession`` wrote in its transaction, by `rowid`, each with the origin of
/// the upsert row that wrote it, kept in a temporary table so that a repeat is found however
/// many rows the transaction writes, in the bounded memory of SQLite's page cache. New rows'
/// `rowid`s grow, so recording them appends to the table.
///
/// Rows are recorded ``batchSize`` at a time, in one statement: one statement a row cost an
/// import about a twentieth of its time. The ones not written yet are looked up in memory.
///
/// The table is created with the session, inside the transaction, and dropped before it
/// commits; a rolled-back transaction drops it with everything else.
final class UpsertedKeys {
  /// How many rows one statement records.
  static let batchSize = 128

  private let connection: Connection
  private let table: String
  private let recordBatch: Statement
  private let originOf: Statement
  /// The rows recorded since the last batch was written, with their origins.
  private var pending: [Int64: Int] = [:]

  /// Creates the table of a data table's written rows on the transaction's connection.
  init(of table: TableSchema, on connection: Connection) throws {
    self.connection = connection
    self.table = "temp." + SQLIdentifier.quote("upserted_" + table.name)
    try connection.execute(
      "DROP TABLE IF EXISTS \(self.table); "
        + "CREATE TABLE \(self.table) (\"row\" INTEGER PRIMARY KEY, \"origin\" INTEGER NOT NULL)")
    let values = (0..<Self.batchSize).map { "(?\(2 * $0 + 1), ?\(2 * $0 + 2))" }.joined(separator: ", ")
    recordBatch = try connection.statement("INSERT INTO \(self.table) VALUES \(values)")
    originOf = try connection.statement("SELECT \"origin\" FROM \(self.table) WHERE \"row\" = ?1")
    pending.reserveCapacity(Self.batchSize)
  }

  /// Records that the upsert row `origin` wrote the row `rowid`, which no row did before.
  func record(_ rowid: Int64, origin: Int) throws {
    pending[rowid] = origin
    guard pending.count == Self.batchSize else { return }
    var values: [SQLValue] = []
    values.reserveCapacity(2 * Self.batchSize)
    // In order, so that the rows are appended to the table rather than placed among others.
    for (row, origin) in pending.sorted(by: { $0.key < $1.key }) { values += [.integer(row), .integer(Int64(origin))] }
    try recordBatch.bind(values)
    try recordBatch.run()
    pending.removeAll(keepingCapacity: true)
  }

  /// The origin of the upsert row that wrote the row `rowid`, if one did.
  func origin(of rowid: Int64) throws -> Int? {
    if let origin = pending[rowid] { return origin }
    defer { originOf.reset() }
    try originOf.bind([.integer(rowid)])
    return try originOf.step() ? Int(originOf.int64(at: 0)) : nil
  }

  /// Drops the table; called once, before the transaction commits.
  func drop() throws {
    pending.removeAll()
    try connection.execute("DROP TABLE \(table)")
  }
}
