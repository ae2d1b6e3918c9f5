import Foundation
import PostgresCore
import PostgresServer
import Testing

/// The engine a command-line test's catalog is stored on: the tests about the catalog's
/// behaviour take each available one (`@Test(arguments: StoreEngine.available)`) and must print
/// the same on both.
enum StoreEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// A SQLite store file in the test's folder.
  case file
  /// A fresh schema of a database on the tests' throwaway PostgreSQL cluster.
  case postgres

  var testDescription: String { rawValue }

  /// The engines the tests run on here: a store file, and PostgreSQL where its server is
  /// installed — where it is not, ``PostgreSQLCasesTests`` is skipped saying so.
  static let available: [StoreEngine] = ThrowawayPostgres.installation == nil ? [.file] : allCases

  /// A new, empty store on this engine: a file path in `folder` named for `name`, or the URL of
  /// a fresh schema.
  ///
  /// - Throws: `PostgresError` if the throwaway cluster cannot start or refuses the schema.
  func makeStore(named name: String, in folder: URL) throws -> String {
    switch self {
    case .file: folder.appendingPathComponent("\(name).store").path
    case .postgres: try ThrowawayPostgres.makeSchema(in: Self.sharedDatabase.get(), prefix: "cli").url
    }
  }

  /// The database the tests' schemas are made in: one per test process, since a schema is
  /// made far faster than a database.
  private static let sharedDatabase: Result<String, any Error> = Result { try ThrowawayPostgres.makeDatabase() }
}

@Suite("The command tests' PostgreSQL cases", .needsPostgreSQLServer)
struct PostgreSQLCasesTests {
  @Test func eachCaseHasASchemaOfItsOwnOnTheSharedServer() async throws {
    #expect(StoreEngine.available == [.file, .postgres])
    let movies = try MoviesProcess(.postgres)
    let other = try movies.makeStore(named: "other")
    #expect(other != movies.store)
    try await movies.add("Alien")
    #expect(try await movies.listed().map { $0["title"] as? String } == ["Alien"])
    try await movies.add("Heat", ["--store", other])
    #expect(
      try await movies.listed(["--store", other]).map { $0["title"] as? String } == ["Heat"], "none of the other's")
  }

  @Test func readingCommandsOnADatabaseWithoutTheCatalogFailNamingItAndCreateNothing() async throws {
    let movies = try MoviesProcess(.postgres)
    let id = UUID().uuidString
    for command in [
      ["list"], ["show", id], ["export"], ["stats"], ["history"], ["review", "list", id], ["rate", id, "3"],
      ["heart", id], ["update", id, "--title", "X"], ["delete", id], ["clear", "--yes"], ["tag", "add", id, "x"],
      ["review", "add", id, "--text", "x"], ["watch"], ["store", "copy", "--to", try movies.makeStore(named: "copy")],
      ["store", "info"], ["store", "info", "--format", "json"], ["store", "check"], ["store", "migrate"],
    ] {
      let result = try await movies.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr.hasSuffix(": no store exists there\n"), "\(command): \(result.stderr)")
    }
    #expect(try await movies.storesNoMovie())
    let url = try #require(movies.environment["MOVIES_STORE"])
    let tables = try PostgresConnection(url: url).query(
      "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()")
    #expect(tables.int64(row: 0, column: 0) == 0, "no command created a table")
    // The first add creates the catalog, as it creates a store file.
    try await movies.add("Alien")
    #expect(try await movies.listed().count == 1)
  }
}
