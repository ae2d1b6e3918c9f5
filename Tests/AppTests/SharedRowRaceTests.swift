import Foundation
import PostgresCore
import PostgresServer
import Testing

/// A writer that creates a shared row (a tag, a tagging) another writer is storing at the same
/// moment uses the other's row once it commits, and does not fail on its unique key.
///
/// Deterministic on PostgreSQL: another transaction has inserted the row and not committed when
/// `tag add` looks for it; `tag add` then waits on the row's unique index, and goes on when the
/// other commits.
@Suite("movies tag add beside another writer storing the same tag", .needsPostgreSQLServer)
struct SharedRowRaceTests {
  let movies: MoviesProcess
  let url: String

  init() throws {
    movies = try MoviesProcess(.postgres)
    url = try #require(movies.environment["MOVIES_STORE"])
  }

  /// Runs `tag add ID space` while another transaction has run `statement` and not committed,
  /// and commits it once `tag add` waits for it.
  private func tagAdd(_ id: String, whileAnotherRuns statement: String) async throws -> MoviesProcess.Result {
    let other = try PostgresConnection(url: url)
    try other.execute("BEGIN")
    try other.execute(statement)
    async let tagging = movies.run(["tag", "add", id, "space"])
    let watcher = try PostgresConnection(url: url)
    // Waits (a minute at most) until `tag add` waits for the other's row.
    let deadline = ContinuousClock.now + .seconds(60)
    while try watcher.query(
      "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO%'"
    ).int64(row: 0, column: 0) == 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    try other.execute("COMMIT")
    return try await tagging
  }

  @Test func aTagAnotherWriterStoresMeanwhileIsUsed() async throws {
    let id = try await movies.add("Alien")
    let result = try await tagAdd(
      id, whileAnotherRuns: "INSERT INTO tags (id, name) VALUES (gen_random_uuid(), 'space')")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Tags: space\n")
    #expect(try await movies.listed(["--tag", "space"]).count == 1)
  }

  @Test func aTaggingAnotherWriterStoresMeanwhileIsKept() async throws {
    let id = try await movies.add("Alien")
    #expect(try await movies.run(["tag", "add", try await movies.add("Heat"), "space"]).status == 0)
    let result = try await tagAdd(
      id,
      whileAnotherRuns: """
        INSERT INTO movie_tags (id, "movieID", "tagID") SELECT gen_random_uuid(), '\(id)', id FROM tags
        """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Tags: space\n")
    #expect(try await movies.listed(["--tag", "space"]).count == 2)
  }
}
