import Foundation
import Persistence
import SQLiteCore

/// The line of the import file that wrote each movie, kept in a temporary table for the length
/// of one import transaction, so that a second row for the same movie is found however large
/// the file, in the bounded memory of SQLite's page cache.
///
/// The table is created when the import begins and dropped before it commits; a rolled-back
/// import drops it with everything else.
struct ImportedLines {
  private static let table = "temp.\"movies_import_lines\""

  private let claim: Statement
  private let lineOf: Statement
  private let release: Statement
  private let connection: Connection

  /// Creates the table on the import's connection, inside its transaction.
  init(connection: Connection) throws {
    self.connection = connection
    try connection.execute(
      "DROP TABLE IF EXISTS \(Self.table); "
        + "CREATE TABLE \(Self.table) (\"movie\" BLOB PRIMARY KEY, \"line\" INTEGER NOT NULL) WITHOUT ROWID")
    claim = try connection.statement("INSERT INTO \(Self.table) VALUES (?, ?) ON CONFLICT DO NOTHING")
    lineOf = try connection.statement("SELECT \"line\" FROM \(Self.table) WHERE \"movie\" = ?")
    release = try connection.statement("DELETE FROM \(Self.table) WHERE \"movie\" = ?")
  }

  /// Records that `line` writes the movie and returns `nil`, or returns the line that did already.
  mutating func claim(_ movie: UUID, line: Int) throws -> Int? {
    defer { claim.reset() }
    try claim.bind(SQLValue(movie), at: 1)
    try claim.bind(.integer(Int64(line)), at: 2)
    _ = try claim.step()
    return connection.changes > 0 ? nil : try self.line(of: movie)
  }

  /// The line that wrote the movie, if one did.
  func line(of movie: UUID) throws -> Int? {
    defer { lineOf.reset() }
    try lineOf.bind(SQLValue(movie), at: 1)
    return try lineOf.step() ? Int(lineOf.int64(at: 0)) : nil
  }

  /// Forgets a claim whose row was not written after all.
  func release(_ movie: UUID) throws {
    defer { release.reset() }
    try release.bind(SQLValue(movie), at: 1)
    _ = try release.step()
  }

  /// Drops the table; called once, before the import commits.
  func drop() throws {
    try connection.execute("DROP TABLE \(Self.table)")
  }
}
