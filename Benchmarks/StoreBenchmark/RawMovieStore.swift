import CSQLite
import Catalog
import Foundation
import Repositories

/// The same work as the framework, written directly against the SQLite C API: the baseline.
///
/// It uses the same schema, pragmas and SQL as the framework, prepares each statement once,
/// binds without copies and builds `Movie` values by hand.
final class RawMovieStore {
  let db: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]
  private var files: RawImageFiles?
  static let columns = "\"id\", \"title\", \"content\", \"images\", \"date\", \"rate\", \"heart\""

  init(path: String) throws {
    db = try openDatabase(path)
    sqlite3_busy_timeout(db, 5000)
    try exec("PRAGMA journal_mode = WAL")
    try exec("PRAGMA foreign_keys = ON")
    try exec(
      """
      CREATE TABLE IF NOT EXISTS "movies" ("id" BLOB NOT NULL PRIMARY KEY, "title" TEXT NOT NULL, \
      "content" TEXT NOT NULL, "images" TEXT NOT NULL, "date" REAL NOT NULL, "rate" INTEGER NOT NULL, \
      "heart" INTEGER NOT NULL) STRICT
      """)
    try exec(#"CREATE INDEX IF NOT EXISTS "movies_date" ON "movies" ("date")"#)
    try exec(#"CREATE INDEX IF NOT EXISTS "movies_rate" ON "movies" ("rate")"#)
    try exec(#"CREATE UNIQUE INDEX IF NOT EXISTS "movies_title_date_unique" ON "movies" ("title", "date")"#)
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(db)
  }

  func insert(_ movies: [Movie], files: RawImageFiles? = nil) throws {
    try exec("BEGIN IMMEDIATE")
    let statement = try prepare("INSERT INTO \"movies\" (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    for movie in movies {
      var images = "[]"
      if let files, !movie.images.isEmpty {
        images = "[" + (try movie.images.map { "\"\(try files.write($0))\"" }).joined(separator: ",") + "]"
      }
      try write(movie, with: statement, idParameter: 1, images: images)
    }
    try exec("COMMIT")
  }

  /// Reads every movie with its images from their files.
  func fetchAll(files: RawImageFiles) throws -> [Movie] {
    self.files = files
    defer { self.files = nil }
    return try fetchAll()
  }

  func fetchAll() throws -> [Movie] {
    try rows(try prepare("SELECT \(Self.columns) FROM \"movies\" ORDER BY rowid"))
  }

  func fetch(from start: Date, to end: Date) throws -> [Movie] {
    let statement = try prepare(
      "SELECT \(Self.columns) FROM \"movies\" WHERE ((\"date\" >= ?) AND (\"date\" < ?)) ORDER BY \"date\" ASC, \"id\" ASC"
    )
    sqlite3_bind_double(statement, 1, start.timeIntervalSinceReferenceDate)
    sqlite3_bind_double(statement, 2, end.timeIntervalSinceReferenceDate)
    return try rows(statement)
  }

  func fetch(id: UUID) throws -> Movie? {
    let statement = try prepare("SELECT \(Self.columns) FROM \"movies\" WHERE \"id\" = ?")
    withUnsafeBytes(of: id.uuid) { _ = sqlite3_bind_blob(statement, 1, $0.baseAddress, 16, sqliteTransient) }
    return try rows(statement).first
  }

  func update(_ movies: [Movie]) throws {
    try exec("BEGIN IMMEDIATE")
    let statement = try prepare(
      "UPDATE \"movies\" SET \"title\" = ?2, \"content\" = ?3, \"images\" = ?4, \"date\" = ?5, \"rate\" = ?6, \"heart\" = ?7 WHERE \"id\" = ?1"
    )
    for movie in movies {
      try write(movie, with: statement, idParameter: 1)
      guard sqlite3_changes(db) == 1 else { throw BenchmarkError("update found no row") }
    }
    try exec("COMMIT")
  }

  func deleteAll() throws -> Int {
    try exec("DELETE FROM \"movies\"")
    return Int(sqlite3_changes(db))
  }

  // MARK: Helpers

  func write(_ movie: Movie, with statement: OpaquePointer, idParameter: Int32, images: String = "[]") throws {
    var title = movie.title
    var content = movie.content
    var images = images
    let result: Int32 = withUnsafeBytes(of: movie.id.uuid) { id in
      title.withUTF8 { title in
        content.withUTF8 { content in
          images.withUTF8 { images in
            sqlite3_bind_blob(statement, idParameter, id.baseAddress, 16, nil)
            sqlite3_bind_text(
              statement, 2, title.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
              Int32(title.count), nil)
            sqlite3_bind_text(
              statement, 3, content.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
              Int32(content.count), nil)
            sqlite3_bind_text(
              statement, 4, images.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
              Int32(images.count), nil)
            sqlite3_bind_double(statement, 5, movie.date.timeIntervalSinceReferenceDate)
            sqlite3_bind_int64(statement, 6, Int64(movie.rate))
            sqlite3_bind_int64(statement, 7, Int64(movie.heart))
            let code = sqlite3_step(statement)
            sqlite3_reset(statement)
            return code
          }
        }
      }
    }
    guard result == SQLITE_DONE else { throw BenchmarkError(String(cString: sqlite3_errmsg(db))) }
  }

  func rows(_ statement: OpaquePointer) throws -> [Movie] {
    defer { sqlite3_reset(statement) }
    var movies: [Movie] = []
    try forEachRow(of: statement, on: db) {
      movies.append(
        Movie(
          id: uuidColumn(statement, 0),
          title: textColumn(statement, 1),
          content: textColumn(statement, 2),
          images: try images(textColumn(statement, 3)),
          date: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 4)),
          rate: Int(sqlite3_column_int64(statement, 5)),
          heart: Int(sqlite3_column_int64(statement, 6))
        ))
    }
    return movies
  }

  private func images(_ json: String) throws -> [Data] {
    if json == "[]" { return [] }
    guard let files else { throw BenchmarkError("images stored without a folder") }
    return try files.read(json)
  }

  func prepare(_ sql: String) throws -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
      let statement
    else {
      throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
    }
    statements[sql] = statement
    return statement
  }

  func exec(_ sql: String) throws {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
    }
  }
}

/// A benchmark that could not run.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

let sqliteVersion = String(cString: sqlite3_libversion())

/// SQLite copies a value bound with this destructor.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
