import PostgresCore
import Testing

/// Many writers at once through one pool, each write its own transaction: none is lost and none
/// lands twice (issue 16's 16 × 1,000).
@Suite(.needsPostgreSQL)
struct PostgresManyWritersTests {
  @Test(.timeLimit(.minutes(5))) func sixteenWritersOfAThousandTransactionsEachLoseNothing() async throws {
    let pool = PostgresPool(url: try PostgresTestServer.makeDatabase(), size: 16)
    // No unique constraint: a write that landed twice, or ids the sequence handed out twice,
    // would show in the counts rather than be refused.
    try await pool.withConnection { connection in
      try connection.execute(
        "CREATE TABLE writes (id int8 GENERATED ALWAYS AS IDENTITY, writer int8 NOT NULL, number int8 NOT NULL)")
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<16 {
        group.addTask {
          for number in 0..<1_000 {
            try await pool.transaction { connection in
              _ = try connection.query(
                "INSERT INTO writes (writer, number) VALUES ($1, $2)",
                [.integer(Int64(writer)), .integer(Int64(number))]
              )
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let counts = try await pool.withConnection { connection in
      let result = try connection.query(
        "SELECT count(*), count(DISTINCT id), count(DISTINCT (writer, number)), count(DISTINCT writer) FROM writes")
      return (0..<4).map { result.int64(row: 0, column: $0) }
    }
    #expect(counts == [16_000, 16_000, 16_000, 16])
    // Each writer's every write, and only those.
    let outOfRange = try await pool.withConnection { connection in
      try connection.query(
        "SELECT count(*) FROM writes WHERE number NOT BETWEEN 0 AND 999 OR writer NOT BETWEEN 0 AND 15"
      )
      .int64(row: 0, column: 0)
    }
    #expect(outOfRange == 0)
  }
}
