import Foundation
import PostgresCore

/// The same work as the SQLite raw store, on PostgreSQL through libpq: the baseline the
/// PostgreSQL engine is measured against.
///
/// It talks to the server through `PostgresCore` — libpq with prepared statements, parameters
/// sent apart from the SQL — which is the thinnest layer the package has over libpq and the one
/// the engine stands on, so the two sides differ only in what the engine adds. Its table has the
/// shape the engine gives the benchmark's `Movie` (`PostgresTableDefinition`): a `rowid`
/// numbering rows in the order they were stored (unsorted reads come in that order, as on
/// SQLite), a `uuid` key, `text COLLATE "C"`, dates as `double precision` seconds since 2001,
/// `bigint`; the list of image files is text in the row.
///
/// Writes take the fastest path a careful hand-written client has: inserts stream every row
/// through one `COPY … FROM STDIN` (about 1.4× faster here than prepared 1,000-row
/// `INSERT … VALUES (…), (…)` statements); updates send ``batch`` rows a prepared
/// `UPDATE … FROM (VALUES …)`, so 10,000 updates are 40 round trips rather than 10,000.
final class RawPostgresMovieStore {
  /// Rows updated by one statement: 2,048 parameters. 256 rows (the engine's size too) measured
  /// faster here than 1,000: 10,000 updates took 276 ms against 415 ms (one run each).
  static let batch = 256
  static let columns = #""id", "title", "content", "images", "date", "rate", "heart", "runtime""#

  let connection: PostgresConnection

  /// Connects to the database at `url` and creates the movies table, in the schema the URL
  /// works in.
  init(url: String) throws {
    connection = try PostgresConnection(url: url)
    try connection.execute(
      """
      CREATE TABLE "movies" ("rowid" bigint GENERATED ALWAYS AS IDENTITY, "id" uuid NOT NULL PRIMARY KEY,
        "title" text COLLATE "C" NOT NULL, "content" text COLLATE "C" NOT NULL, "images" text COLLATE "C" NOT NULL,
        "date" double precision NOT NULL, "rate" bigint NOT NULL, "heart" bigint NOT NULL, "runtime" bigint);
      CREATE INDEX "movies_date" ON "movies" ("date");
      CREATE INDEX "movies_rate" ON "movies" ("rate");
      CREATE UNIQUE INDEX "movies_title_date_unique" ON "movies" ("title", "date");
      """)
  }

  /// Inserts the movies in one transaction, with one `COPY`.
  func insert(_ movies: [Movie]) throws {
    try inTransaction {
      let inserted = try connection.copy(
        "COPY \"movies\" (\(Self.columns)) FROM STDIN", rows: movies.lazy.map(Self.values))
      guard inserted == movies.count else { throw BenchmarkError("an insert lost rows") }
    }
  }

  func fetchAll() throws -> [Movie] {
    try movies(connection.query("SELECT \(Self.columns) FROM \"movies\" ORDER BY \"rowid\""))
  }

  func fetch(from start: Date, to end: Date) throws -> [Movie] {
    try movies(
      connection.query(
        "SELECT \(Self.columns) FROM \"movies\" WHERE \"date\" >= $1 AND \"date\" < $2 ORDER BY \"date\", \"id\"",
        [.real(start.timeIntervalSinceReferenceDate), .real(end.timeIntervalSinceReferenceDate)]))
  }

  func fetch(id: UUID) throws -> Movie? {
    try movies(connection.query("SELECT \(Self.columns) FROM \"movies\" WHERE \"id\" = $1", [.text(id.uuidString)]))
      .first
  }

  /// Updates the movies by id in one transaction, ``batch`` rows a statement; every one must
  /// exist.
  func update(_ movies: [Movie]) throws {
    try inTransaction {
      for start in stride(from: 0, to: movies.count, by: Self.batch) {
        let rows = movies[start..<min(start + Self.batch, movies.count)]
        let values = Self.placeholders(rows: rows.count, casts: Self.casts)
        let updated = try connection.query(
          """
          UPDATE "movies" AS m SET "title" = v.title, "content" = v.content, "images" = v.images, "date" = v.date,
            "rate" = v.rate, "heart" = v.heart, "runtime" = v.runtime
          FROM (VALUES \(values)) AS v (id, title, content, images, date, rate, heart, runtime) WHERE m."id" = v.id
          """, rows.flatMap(Self.values))
        guard updated.changedRows == rows.count else { throw BenchmarkError("update found no row") }
      }
    }
  }

  func deleteAll() throws -> Int {
    try connection.query("DELETE FROM \"movies\"").changedRows
  }

  // MARK: Helpers

  /// The types of a row's values, for a `VALUES` list whose columns have no table to take them
  /// from.
  private static let casts = ["uuid", "text", "text", "text", "float8", "int8", "int8", "int8"]

  /// `($1::uuid, $2::text, …), ($9::uuid, …)` for `rows` rows of the eight columns.
  private static func placeholders(rows: Int, casts: [String]) -> String {
    var rowTexts: [String] = []
    rowTexts.reserveCapacity(rows)
    for row in 0..<rows {
      var parameters: [String] = []
      for column in 0..<8 {
        parameters.append("$\(row * 8 + column + 1)::\(casts[column])")
      }
      rowTexts.append("(" + parameters.joined(separator: ", ") + ")")
    }
    return rowTexts.joined(separator: ", ")
  }

  /// A movie's values in column order. It keeps no images: the list of their files is empty.
  private static func values(_ movie: Movie) -> [PostgresValue] {
    [
      .text(movie.id.uuidString), .text(movie.title), .text(movie.content), .text("[]"),
      .real(movie.date.timeIntervalSinceReferenceDate), .integer(Int64(movie.rate)), .integer(Int64(movie.heart)),
      movie.runtime.map { .integer(Int64($0)) } ?? .null,
    ]
  }

  /// The movies of a result of the eight columns.
  private func movies(_ result: PostgresResult) throws -> [Movie] {
    var movies: [Movie] = []
    movies.reserveCapacity(result.count)
    for row in 0..<result.count {
      guard let id = result.text(row: row, column: 0).flatMap(UUID.init(uuidString:)),
        let title = result.text(row: row, column: 1), let content = result.text(row: row, column: 2),
        result.text(row: row, column: 3) == "[]",
        let seconds = result.double(row: row, column: 4),
        let rate = result.int64(row: row, column: 5), let heart = result.int64(row: row, column: 6)
      else { throw BenchmarkError("row \(row) is not a movie") }
      movies.append(
        Movie(
          id: id, title: title, content: content, images: [], date: Date(timeIntervalSinceReferenceDate: seconds),
          rate: Int(rate), heart: Int(heart),
          runtime: result.int64(row: row, column: 7).map(Int.init)))
    }
    return movies
  }

  /// Runs `body` between `BEGIN` and `COMMIT`, rolling back if it throws.
  private func inTransaction(_ body: () throws -> Void) throws {
    try connection.execute("BEGIN")
    do {
      try body()
      try connection.execute("COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }
}
