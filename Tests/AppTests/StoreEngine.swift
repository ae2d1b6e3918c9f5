import Foundation
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
  @Test func eachCaseHasASchemaOfItsOwnOnTheSharedServer() throws {
    #expect(StoreEngine.available == [.file, .postgres])
    let movies = try MoviesProcess(.postgres)
    let other = try movies.makeStore(named: "other")
    #expect(other != movies.store)
    try movies.add("Alien")
    #expect(try movies.listed().map { $0["title"] as? String } == ["Alien"])
    #expect(try movies.listed(["--store", other]).isEmpty, "another schema of the same database holds none of it")
  }
}
