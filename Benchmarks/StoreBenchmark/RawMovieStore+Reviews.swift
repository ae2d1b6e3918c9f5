import CSQLite
import Catalog
import Foundation

/// Reviews and mixed changes, by hand against the C API, with the framework's schema for
/// `Review` (a foreign key to its movie that cascades, and an index on it).
extension RawMovieStore {
  static let reviewColumns = "\"id\", \"movieID\", \"author\", \"text\", \"rate\", \"date\""

  func createReviews() throws {
    try exec(
      """
      CREATE TABLE IF NOT EXISTS "reviews" ("id" BLOB NOT NULL PRIMARY KEY, "movieID" BLOB NOT NULL \
      REFERENCES "movies" ("id") ON DELETE CASCADE, "author" TEXT NOT NULL, "text" TEXT NOT NULL, \
      "rate" INTEGER, "date" REAL NOT NULL) STRICT
      """)
    try exec(#"CREATE INDEX IF NOT EXISTS "reviews_movieID" ON "reviews" ("movieID")"#)
  }

  func insert(_ reviews: [Review]) throws {
    try exec("BEGIN IMMEDIATE")
    let statement = try prepare("INSERT INTO \"reviews\" (\(Self.reviewColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    for review in reviews {
      bind(review.id, to: statement, at: 1)
      bind(review.movieID, to: statement, at: 2)
      sqlite3_bind_text(statement, 3, review.author, -1, sqliteTransient)
      sqlite3_bind_text(statement, 4, review.text, -1, sqliteTransient)
      if let rate = review.rate {
        sqlite3_bind_int64(statement, 5, Int64(rate))
      } else {
        sqlite3_bind_null(statement, 5)
      }
      sqlite3_bind_double(statement, 6, review.date.timeIntervalSinceReferenceDate)
      let code = sqlite3_step(statement)
      sqlite3_reset(statement)
      guard code == SQLITE_DONE else { throw BenchmarkError(String(cString: sqlite3_errmsg(db))) }
    }
    try exec("COMMIT")
  }

  /// The reviews of the given movies, in one query.
  func reviews(of movieIDs: [UUID]) throws -> [Review] {
    let parameters = Array(repeating: "?", count: movieIDs.count).joined(separator: ", ")
    let statement = try prepare(
      "SELECT \(Self.reviewColumns) FROM \"reviews\" WHERE (\"movieID\" IN (\(parameters))) ORDER BY rowid")
    for (index, id) in movieIDs.enumerated() { bind(id, to: statement, at: Int32(index + 1)) }
    return try reviewRows(statement)
  }

  /// The reviews of one movie.
  func reviews(of movieID: UUID) throws -> [Review] {
    let statement = try prepare(
      "SELECT \(Self.reviewColumns) FROM \"reviews\" WHERE (\"movieID\" = ?) ORDER BY rowid")
    bind(movieID, to: statement, at: 1)
    return try reviewRows(statement)
  }

  /// Inserts, updates and deletes movies in one transaction, as a context's save does.
  func save(inserting inserted: [Movie], updating updated: [Movie], deleting deleted: [UUID]) throws {
    try exec("BEGIN IMMEDIATE")
    let insert = try prepare("INSERT INTO \"movies\" (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    for movie in inserted { try write(movie, with: insert, idParameter: 1) }
    let update = try prepare(
      "UPDATE \"movies\" SET \"title\" = ?2, \"content\" = ?3, \"images\" = ?4, \"date\" = ?5, \"rate\" = ?6, \"heart\" = ?7 WHERE \"id\" = ?1"
    )
    for movie in updated {
      try write(movie, with: update, idParameter: 1)
      guard sqlite3_changes(db) == 1 else { throw BenchmarkError("update found no row") }
    }
    let delete = try prepare("DELETE FROM \"movies\" WHERE \"id\" = ?")
    for id in deleted {
      bind(id, to: delete, at: 1)
      let code = sqlite3_step(delete)
      sqlite3_reset(delete)
      guard code == SQLITE_DONE, sqlite3_changes(db) == 1 else { throw BenchmarkError("delete found no row") }
    }
    try exec("COMMIT")
  }

  /// The number of rows in a table.
  func count(_ table: String) throws -> Int {
    let statement = try prepare("SELECT count(*) FROM \"\(table)\"")
    defer { sqlite3_reset(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchmarkError(String(cString: sqlite3_errmsg(db))) }
    return Int(sqlite3_column_int64(statement, 0))
  }

  func bind(_ id: UUID, to statement: OpaquePointer, at index: Int32) {
    withUnsafeBytes(of: id.uuid) { _ = sqlite3_bind_blob(statement, index, $0.baseAddress, 16, sqliteTransient) }
  }

  private func reviewRows(_ statement: OpaquePointer) throws -> [Review] {
    defer { sqlite3_reset(statement) }
    var reviews: [Review] = []
    try forEachRow(of: statement, on: db) {
      reviews.append(
        Review(
          id: uuidColumn(statement, 0),
          movieID: uuidColumn(statement, 1),
          author: textColumn(statement, 2),
          text: textColumn(statement, 3),
          rate: sqlite3_column_type(statement, 4) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, 4)),
          date: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 5))
        ))
    }
    return reviews
  }
}
