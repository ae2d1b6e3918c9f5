import Foundation
import PostgresCore
import PostgresServer
import Testing

/// A PostgreSQL store's errors follow a store file's rules: one line without credentials, SQL,
/// SQLSTATE or server context (those only with `--verbose`), a timeout named as one, and a full
/// server waited for as a busy store file is.
@Suite("Errors of a PostgreSQL store, as movies reports them", .needsPostgreSQLServer)
struct PostgresErrorReportTests {
  let movies: MoviesProcess
  let database: String

  init() throws {
    movies = try MoviesProcess()
    database = try ThrowawayPostgres.makeDatabase()
  }

  @Test(arguments: [
    "postgres://app:SECRETPW@[::1/db", "postgresql://app:SECRETPW@127.0.0.1:1/db",
    "postgres://app:SECRETPW@127.0.0.1:1/db?sslmode=bogus", "postgres://app@127.0.0.1:1/db?password=SECRETPW",
  ])
  func noMessageHoldsThePassword(url: String) async throws {
    for verbose in [[], ["--verbose"]] {
      let result = try await movies.run(["--store", url, "list"] + verbose)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("movies: error: "), "\(result.stderr)")
      #expect(!result.stderr.contains("SECRETPW"), "\(result.stderr)")
    }
  }

  @Test func theServersCodeAndContextAreShownOnlyWithVerbose() async throws {
    let id = try await movies.add("Alien", ["--store", database])
    try PostgresConnection(url: database).execute(
      """
      CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse BEFORE INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION refuse();
      """)
    let plain = try await movies.run(["--store", database, "review", "add", id, "--text", "x"])
    #expect(plain.status == 1)
    #expect(plain.stderr == "movies: error: store unavailable: refused\n")
    let verbose = try await movies.run(["--store", database, "review", "add", id, "--text", "x", "--verbose"])
    #expect(verbose.stderr.contains("P0001"), "\(verbose.stderr)")
    #expect(verbose.stderr.contains("PL/pgSQL function refuse()"), "\(verbose.stderr)")
  }

  @Test func aLockTimeoutIsNamedAsATimeout() async throws {
    try await movies.add("Alien", ["--store", database])
    let holder = try PostgresConnection(url: database)
    try holder.execute("BEGIN; LOCK TABLE movies IN ACCESS EXCLUSIVE MODE")
    let limited = database + "?options=-clock_timeout%3D100"
    let result = try await movies.run(["--store", limited, "list"])
    try holder.execute("ROLLBACK")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("movies: error: timed out: "), "\(result.stderr)")
    #expect(!result.stderr.contains("unavailable"), "\(result.stderr)")
  }

  @Test func aFullServerIsWaitedForThenNamed() async throws {
    try await movies.add("Alien", ["--store", database])
    let role = "limited_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    // Not a superuser, whom no connection limit holds; reading needs only SELECT.
    try PostgresConnection(url: database).execute(
      "CREATE ROLE \(role) LOGIN CONNECTION LIMIT 1; GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)")
    let url = database.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://\(role)@")
    // The role's one connection is taken: the server is full for it (SQLSTATE 53300).
    let taken = try PostgresConnection(url: url)
    let result = try await movies.run(["--store", url, "list"], environment: ["MOVIES_BUSY_TIMEOUT": "1"])
    _ = taken
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "movies: error: the server serves as many connections as it may, and none came free within 1 s"),
      "\(result.stderr)")
  }
}
