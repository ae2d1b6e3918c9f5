import CatalogStorage
import Foundation
import Persistence
import PostgresCore
import PostgresServer
import Testing

/// The catalog's schema as version 1 alone: how a database of an older app is made.
private enum CatalogPlanV1: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self]
  static let stages: [MigrationStage] = []
}

@Suite("movies store info, check and migrate on a PostgreSQL database", .needsPostgreSQLServer)
struct StorePostgresCommandTests {
  static let current = CatalogMigrationPlan.current.versionIdentifier
  let movies: MoviesProcess
  /// The database's URL, with a password the trusting test server does not ask for: it must
  /// never be shown.
  let database: String

  init() throws {
    movies = try MoviesProcess()
    database = try ThrowawayPostgres.makeDatabase().replacingOccurrences(
      of: "postgresql://postgres@", with: "postgresql://postgres:hunter2@")
  }

  private func run(_ arguments: [String]) async throws -> MoviesProcess.Result {
    try await movies.run(["--store", database] + arguments)
  }

  /// The value of a `label:` line of `store info`.
  private func field(_ label: String, in output: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix(label + ":") }
      .map { $0.dropFirst(label.count + 1).trimmingCharacters(in: .whitespaces) }
  }

  /// A database that an app of version 1 made and filled with one movie.
  private func versionOneDatabase() async throws {
    let store = try await PostgresStore(
      url: database, for: CatalogSchemaV1.models, migrationPlan: CatalogPlanV1.self, poolSize: 1)
    try await PostgresRepository<CatalogSchemaV1.Movie>(store: store).insert(
      CatalogSchemaV1.Movie(title: "Alien", date: Date(timeIntervalSince1970: 296_438_400), rate: 9))
  }

  @Test func infoShowsTheServerWithoutThePasswordTheVersionAndTheRows() async throws {
    #expect(try await movies.add("Alien", ["--store", database]).isEmpty == false)
    let info = try await run(["store", "info"])
    #expect(info.status == 0, "\(info.stderr)")
    #expect(field("server", in: info.stdout)?.hasPrefix("postgresql://postgres@127.0.0.1:") == true)
    #expect(!info.stdout.contains("hunter2"))
    #expect(field("version", in: info.stdout) == "\(Self.current)", "\(info.stdout)")
    #expect(field("state", in: info.stdout) == "up to date")
    #expect(field("rows in movies", in: info.stdout) == "1")
    let json = try await run(["store", "info", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "\(Self.current)")
    #expect(object["needsMigration"] as? Bool == false)
    #expect((object["rows"] as? [String: Int])?["movies"] == 1)
  }

  @Test func anOldDatabaseIsReportedThenMigratedOnce() async throws {
    try await versionOneDatabase()
    let unmigrated = try await run(["store", "check"])
    #expect(unmigrated.status == 0, "\(unmigrated.stdout)\(unmigrated.stderr)")
    #expect(unmigrated.stdout.contains("note: the values were not checked against the catalog's rules"))
    #expect(unmigrated.stdout.hasSuffix("version 1.0.0; tables, indexes, relationships, references checked.\n"))
    let info = try await run(["store", "info"])
    #expect(field("version", in: info.stdout) == "1.0.0", "\(info.stdout)")
    #expect(field("state", in: info.stdout) == "needs a migration to \(Self.current) (movies store migrate)")
    let migrated = try await run(["store", "migrate"])
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(migrated.stdout == "Migrated the catalog from version 1.0.0 to \(Self.current).\n")
    let again = try await run(["store", "migrate"])
    #expect(again.stdout == "The catalog is at version \(Self.current) already.\n")
    #expect(try await movies.listed(["--store", database]).map { $0["title"] as? String } == ["Alien"])
    let check = try await run(["store", "check"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(
      check.stdout.contains(
        "The catalog is sound: version \(Self.current); tables, indexes, relationships, references and"))
  }

  @Test func twoCommandsOpeningAnOldDatabaseAtOnceBothSucceed() async throws {
    try await versionOneDatabase()
    let (movies, database) = (self.movies, self.database)
    let results = try await withThrowingTaskGroup(of: MoviesProcess.Result.self) { group in
      for _ in 0..<2 { group.addTask { try await movies.run(["--store", database, "list", "--format", "json"]) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for result in results {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("Alien"))
    }
    await #expect(field("version", in: try run(["store", "info"]).stdout) == "\(Self.current)")
  }

  @Test func migrateWithABackupIsForAFileOnly() async throws {
    try await versionOneDatabase()
    let refused = try await run(["store", "migrate", "--backup"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("store migrate --backup` works on a store file"), "\(refused.stderr)")
    await #expect(field("version", in: try run(["store", "info"]).stdout) == "1.0.0", "nothing was migrated")
  }

  @Test func checkNamesAMissingRelationshipAnOrphanAndAMissingIndex() async throws {
    let id = try await movies.add("Alien", ["--store", database])
    #expect(try await run(["review", "add", id, "--text", "Tense"]).status == 0)
    let connection = try PostgresConnection(url: database)
    let key = try connection.query(
      "SELECT conname::text FROM pg_constraint WHERE conrelid = 'reviews'::regclass AND contype = 'f'")
    let constraint = try #require(key.text(row: 0, column: 0))
    try connection.execute(#"ALTER TABLE reviews DROP CONSTRAINT "\#(constraint)""#)
    try connection.execute("DELETE FROM movies")
    try connection.execute(#"DROP INDEX "movies_rate""#)
    let check = try await run(["store", "check"])
    #expect(check.status == 1)
    #expect(
      check.stdout.contains("problem: the relationship reviews.movieID → movies.id is missing"), "\(check.stdout)")
    #expect(check.stdout.contains("problem: 1 row of reviews refer to a missing row of movies"))
    #expect(check.stdout.contains("problem: table movies lacks its index movies_rate"))
    #expect(check.stderr.contains("the catalog has 3 problems"), "\(check.stderr)")
  }

  @Test func aNewerDatabaseIsRefusedByEveryCommandAndReportedByInfoAndCheck() async throws {
    #expect(try await movies.add("Alien", ["--store", database]).isEmpty == false)
    try PostgresConnection(url: database).execute(#"UPDATE "_schema_version" SET version = '9.0.0'"#)
    let info = try await run(["store", "info"])
    #expect(info.status == 0)
    #expect(
      field("state", in: info.stdout) == "unknown: the store is version 9.0.0, newer than this app's \(Self.current)")
    let check = try await run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: the store is version 9.0.0, newer than this app's \(Self.current)"))
    let list = try await run(["list"])
    #expect(list.status == 1)
    #expect(list.stderr.contains("newer than this app's \(Self.current)"), "\(list.stderr)")
    #expect(!list.stderr.contains("hunter2"))
  }
}
