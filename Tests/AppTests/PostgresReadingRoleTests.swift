import Foundation
import PostgresCore
import PostgresServer
import Testing

/// A role that may only read the catalog's database (CONNECT, USAGE and SELECT) reads it with
/// every reading command: reading needs no other privilege.
@Suite("Reading commands as a PostgreSQL role that may only read", .needsPostgreSQLServer)
struct PostgresReadingRoleTests {
  let movies: MoviesProcess
  let database: String
  /// The database's URL for the role that may only read.
  let reader: String

  init() throws {
    movies = try MoviesProcess()
    database = try ThrowawayPostgres.makeDatabase()
    let role = "reader_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let name = try #require(database.split(separator: "/").last)
    reader = database.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://\(role)@")
    try PostgresConnection(url: database).execute("CREATE ROLE \(role) LOGIN")
    self.role = role
    self.name = String(name)
  }

  let role: String
  let name: String

  /// Grants the role what reading needs, once the catalog's tables exist.
  private func grantReading() throws {
    try PostgresConnection(url: database).execute(
      """
      REVOKE CREATE ON SCHEMA public FROM PUBLIC;
      GRANT CONNECT ON DATABASE \(name) TO \(role);
      GRANT USAGE ON SCHEMA public TO \(role);
      GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role);
      """)
  }

  @Test func everyReadingCommandReadsTheCatalog() async throws {
    let id = try await movies.add("Alien", ["--store", database])
    #expect(try await movies.run(["--store", database, "tag", "add", id, "space"]).status == 0)
    try grantReading()
    let copy = movies.folder.appendingPathComponent("copy.store")
    for command in [
      ["list"], ["show", id], ["export"], ["history"], ["stats"], ["review", "list", id],
      ["store", "copy", "--to", copy.path],
    ] {
      let result = try await movies.run(["--store", reader] + command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    #expect(try await movies.listed(["--store", copy.path]).map { $0["title"] as? String } == ["Alien"])
  }

  @Test func aChangeIsRefusedAndChangesNothing() async throws {
    let id = try await movies.add("Alien", ["--store", database])
    try grantReading()
    let refused = try await movies.run(["--store", reader, "rate", id, "3"])
    #expect(refused.status == 1)
    #expect(try await movies.listed(["--store", database]).map { $0["rate"] as? Int } == [5])
  }

  @Test func historyTriggersOfAnEarlierFormAreLeftToTheNextWriter() async throws {
    let id = try await movies.add("Alien", ["--store", database])
    try grantReading()
    // The movies' history function as an earlier version wrote it (rows in the plan's order).
    let owner = try PostgresConnection(url: database)
    let body = {
      try owner.query(#"SELECT prosrc FROM pg_proc WHERE proname = '_history_movies'"#).text(row: 0, column: 0)
    }
    let current = try #require(try body())
    let earlier = current.replacingOccurrences(of: #" ORDER BY o."id";"#, with: ";")
    #expect(earlier != current)
    let function = #"CREATE OR REPLACE FUNCTION "_history_movies"() RETURNS trigger LANGUAGE plpgsql"#
    try owner.execute(function + " AS $f$" + earlier + "$f$")
    for command in [["list"], ["show", id], ["history"]] {
      let result = try await movies.run(["--store", reader] + command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    #expect(try body() == earlier)
    #expect(try await movies.run(["--store", database, "rate", id, "3"]).status == 0)
    #expect(try body() == current)
  }
}
