import PostgresCore
import Testing

/// A connection prepares each statement once and runs it by name after; the server holds at
/// most a bounded number, and a table that changed shape does not break a statement prepared
/// before.
@Suite(.needsPostgreSQL)
struct PostgresPreparedStatementTests {
  let connection: PostgresConnection

  init() throws {
    connection = try PostgresConnection(url: try PostgresTestServer.makeDatabase())
  }

  private func preparedCount() throws -> Int64? {
    try connection.query("SELECT count(*) FROM pg_prepared_statements").int64(row: 0, column: 0)
  }

  @Test func aStatementRunAgainIsPreparedOnce() throws {
    for value in 0..<50 {
      #expect(
        try connection.query("SELECT $1::int8 * 2", [.integer(Int64(value))]).int64(row: 0, column: 0)
          == Int64(value * 2))
    }
    // The one statement, and the count's own.
    #expect(try preparedCount() == 2)
  }

  @Test func theServerHoldsABoundedNumberOfStatements() throws {
    for value in 0..<600 {
      #expect(
        try connection.query("SELECT $1::int8 + \(value)", [.integer(1)]).int64(row: 0, column: 0) == Int64(value + 1))
    }
    #expect(try #require(try preparedCount()) <= 256)
    try connection.execute("BEGIN")
    for value in 600..<700 {
      #expect(
        try connection.query("SELECT $1::int8 + \(value)", [.integer(1)]).int64(row: 0, column: 0) == Int64(value + 1))
    }
    try connection.execute("COMMIT")
    #expect(try #require(try preparedCount()) <= 256)
  }

  @Test func aTableThatChangedShapeIsReadAsItIsNow() throws {
    try connection.execute("CREATE TABLE t (a int8); INSERT INTO t VALUES (1)")
    #expect(try connection.query("SELECT * FROM t").columnCount == 1)
    try connection.execute("ALTER TABLE t ADD COLUMN b text")
    #expect(try connection.query("SELECT * FROM t").columnCount == 2)
  }
}
