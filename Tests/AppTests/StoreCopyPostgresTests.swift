import Foundation
import PostgresCore
import PostgresServer
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs a suite only where PostgreSQL's server is installed, and says why it is skipped
  /// elsewhere.
  static var needsPostgreSQLServer: Self {
    .enabled(
      if: ThrowawayPostgres.installation != nil,
      "PostgreSQL's server is not installed (apt-get install postgresql): the app's PostgreSQL tests are skipped")
  }
}

@Suite("movies store copy to and from PostgreSQL, run as a user would", .needsPostgreSQLServer)
struct StoreCopyPostgresTests {
  /// The file catalog the copies start from, as the file tests fill it.
  let fixture: StoreCopyCommandTests
  let database: String

  var movies: MoviesProcess { fixture.movies }
  var source: URL { fixture.source }

  init() async throws {
    fixture = try await StoreCopyCommandTests()
    database = try ThrowawayPostgres.makeDatabase()
  }

  @Test func aCatalogCopiedToPostgreSQLAndBackHoldsEveryValue() async throws {
    let before = try await CatalogContents.read(source)
    let there = try await movies.run(["--store", source.path, "store", "copy", "--to", database])
    #expect(there.status == 0, "\(there.stderr)")
    let back = movies.folder.appendingPathComponent("back.store")
    let again = try await movies.run(["--store", database, "store", "copy", "--to", back.path])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try await CatalogContents.read(back) == before)
    func checksums(_ output: String) -> [Substring] { output.split(separator: "\n").filter { $0.contains("checksum") } }
    #expect(checksums(there.stdout).count == 4)
    #expect(checksums(there.stdout) == checksums(again.stdout))
  }

  @Test func theHistoryPositionIsCarriedToADatabaseAndBack() async throws {
    try await StoreCopyCommandTests.expectHistoryContinues(from: source.path, to: database, in: movies)
    let back = movies.folder.appendingPathComponent("back.store")
    try await StoreCopyCommandTests.expectHistoryContinues(from: database, to: back.path, in: movies)
  }

  @Test func aSourceDatabaseWithoutTheCatalogIsRefusedAndLeftWithoutTables() async throws {
    let destination = movies.folder.appendingPathComponent("copy.store")
    let refused = try await movies.run(["--store", database, "store", "copy", "--to", destination.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasSuffix(": no store exists there\n"), "\(refused.stderr)")
    let tables = try PostgresConnection(url: database).query(
      "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
    #expect(tables.int64(row: 0, column: 0) == 0, "the copy created no table in its source")
    #expect(!FileManager.default.fileExists(atPath: destination.path))
  }

  @Test func aDatabaseThatHoldsMoviesIsRefused() async throws {
    #expect(try await movies.run(["--store", source.path, "store", "copy", "--to", database]).status == 0)
    let refused = try await movies.run(["--store", source.path, "store", "copy", "--to", database])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is not empty: it holds Movie: 3, Review: 2, MovieTag: 2, Tagging: 3"))
  }

  @Test func aCopyThatFailsPartWayLeavesTheDatabaseEmpty() async throws {
    // The database refuses every tagging, as a full disk would: movies, reviews and tags are
    // copied before the copy fails.
    let empty = movies.folder.appendingPathComponent("empty.store")
    let id = try await movies.add("Solaris", date: "1972-03-20", ["--store", empty.path])
    #expect(try await movies.run(["--store", empty.path, "delete", id]).status == 0)
    #expect(try await movies.run(["--store", empty.path, "store", "copy", "--to", database]).status == 0)
    let connection = try PostgresConnection(url: database)
    try connection.execute(
      """
      CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse BEFORE INSERT ON movie_tags FOR EACH ROW EXECUTE FUNCTION refuse();
      """)
    let failed = try await movies.run(["--store", source.path, "store", "copy", "--to", database])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("refused"), "\(failed.stderr)")
    for table in ["movies", "reviews", "tags", "movie_tags"] {
      #expect(try connection.query("SELECT count(*) FROM \(table)").int64(row: 0, column: 0) == 0, "\(table)")
    }
    // Neither the undone copy's inserts nor their deletes are left in the history.
    let authors = try connection.query(
      #"SELECT count(*) FROM "_history_transactions" WHERE author LIKE 'movies store copy of %'"#
        + #" AND author NOT LIKE '%empty.store%'"#)
    #expect(authors.int64(row: 0, column: 0) == 0)
  }
}
