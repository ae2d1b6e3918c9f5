import Catalog
import CatalogStorage
import Foundation
import Persistence
import PostgresCore
import PostgresServer
import Repositories

/// The SQLite side: a catalog store, opened as the app opens it.
enum SQLiteWrites {
  /// The catalog's container on the store at `path`, whose writes wait up to `busyTimeout` for
  /// another process's.
  static func container(at path: String, busyTimeout: Duration = .seconds(30)) throws -> ModelContainer {
    try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: URL(fileURLWithPath: path), busyTimeout: busyTimeout)])
  }

  /// How many movies the store holds, and how many distinct ids and titles among them.
  static func tally(path: String) async throws -> Tally {
    let movies = try await SQLiteRepository<Movie>(container: try container(at: path)).fetchAll()
    return Tally(rows: movies.count, ids: Set(movies.map(\.id)).count, titles: Set(movies.map(\.title)).count)
  }
}

/// The PostgreSQL side: a table of the benchmark's movie shape with the types the PostgreSQL
/// engine gives it, written one row a transaction.
enum PostgresWrites {
  /// Makes the table in a fresh schema and returns a URL whose connections use it.
  static func prepare(url: String) throws -> String {
    let schema = try ThrowawayPostgres.makeSchema(in: url, prefix: "writers")
    try PostgresConnection(url: schema.url).execute(
      """
      CREATE TABLE "movies" ("rowid" bigint GENERATED ALWAYS AS IDENTITY, "id" uuid NOT NULL PRIMARY KEY,
        "title" text COLLATE "C" NOT NULL, "content" text COLLATE "C" NOT NULL, "images" text COLLATE "C" NOT NULL,
        "date" double precision NOT NULL, "rate" bigint NOT NULL, "heart" bigint NOT NULL, "runtime" bigint);
      CREATE INDEX ON "movies" ("date");
      CREATE UNIQUE INDEX ON "movies" ("title", "date");
      """)
    return schema.url
  }

  /// One movie's insert.
  static let insert = """
    INSERT INTO "movies" ("id", "title", "content", "images", "date", "rate", "heart", "runtime")
    VALUES ($1, $2, '', '[]', 0, 0, 0, NULL)
    """

  /// The insert's values for a new movie of this title.
  static func values(title: String) -> [PostgresValue] { [.text(UUID().uuidString), .text(title)] }

  /// How many movies the table holds, and how many distinct ids and titles among them.
  static func tally(url: String) throws -> Tally {
    let result = try PostgresConnection(url: url).query(
      #"SELECT count(*), count(DISTINCT "id"), count(DISTINCT "title") FROM "movies""#)
    return Tally(
      rows: Int(result.int64(row: 0, column: 0) ?? -1), ids: Int(result.int64(row: 0, column: 1) ?? -1),
      titles: Int(result.int64(row: 0, column: 2) ?? -1))
  }
}

/// What a store held after the writers: every write is one row, with its own id and title.
struct Tally {
  let rows: Int
  let ids: Int
  let titles: Int
}
