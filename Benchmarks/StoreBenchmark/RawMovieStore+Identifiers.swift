import CSQLite
import Foundation

/// Every movie's identifier by hand against the C API, with the framework's SQL for
/// `fetchIdentifiers`: the primary key column alone.
extension RawMovieStore {
  func fetchIdentifiers() throws -> [UUID] {
    let statement = try prepare("SELECT \"id\" FROM \"movies\" ORDER BY rowid")
    defer { sqlite3_reset(statement) }
    var identifiers: [UUID] = []
    try forEachRow(of: statement, on: db) { identifiers.append(uuidColumn(statement, 0)) }
    return identifiers
  }
}
