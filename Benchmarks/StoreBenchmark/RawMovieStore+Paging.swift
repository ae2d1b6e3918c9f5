import CSQLite
import Catalog
import Foundation

/// A page of movies by date deep in the list, by hand against the C API, with the framework's
/// SQL: by offset, which steps over every row before the page, and by position (keyset), which
/// starts at the page through the date index.
extension RawMovieStore {
  /// The order the framework gives a sort by date: the identifier breaks ties.
  static let byDate = "ORDER BY \"date\" ASC, \"id\" ASC"

  func page(offset: Int, limit: Int) throws -> [Movie] {
    let statement = try prepare("SELECT \(Self.columns) FROM \"movies\" \(Self.byDate) LIMIT ? OFFSET ?")
    sqlite3_bind_int64(statement, 1, Int64(limit))
    sqlite3_bind_int64(statement, 2, Int64(offset))
    return try rows(statement)
  }

  func page(after movie: Movie, limit: Int) throws -> [Movie] {
    let statement = try prepare(
      "SELECT \(Self.columns) FROM \"movies\" WHERE \"date\" >= ?1 AND (\"date\" > ?1 OR (\"date\" = ?1 AND \"id\" > ?2)) "
        + "\(Self.byDate) LIMIT ?3")
    sqlite3_bind_double(statement, 1, movie.date.timeIntervalSinceReferenceDate)
    bind(movie.id, to: statement, at: 2)
    sqlite3_bind_int64(statement, 3, Int64(limit))
    return try rows(statement)
  }
}
