import SQLValues

/// The mark of a store being filled by a long task — a copy, page by page — that is not done:
/// a one-row table, `_incomplete`, holding the task's note, in a store file and in a PostgreSQL
/// database alike. The task places it before its first write and removes it after its last,
/// so a task that stops midway (killed, its machine or its server lost) leaves a store every
/// opening refuses, naming the note, rather than one that passes for complete.
enum IncompleteMark {
  /// The table that holds the mark.
  static let table = "_incomplete"

  /// The note of the store's mark, or `nil` when it has none.
  static func note(on session: some SQLSession) throws -> String? {
    guard try session.hasTable(named: table) else { return nil }
    let rows = try session.rows("SELECT note FROM \(SQLIdentifier.quote(table)) LIMIT 1", [])
    if case .text(let note)? = rows.first?.first { return note }
    return ""
  }

  /// Places the mark with a note, inside the caller's write transaction. Two tasks placing it
  /// at once cannot both succeed.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the store has one already
  ///   (another task is filling it, or one stopped midway).
  static func place(_ note: String, on session: some SQLSession, path: String) throws {
    if let other = try self.note(on: session) { throw incomplete(path: path, note: other) }
    do {
      try session.execute("CREATE TABLE \(SQLIdentifier.quote(table)) (note TEXT NOT NULL)")
    } catch let error where session.madeElsewhere(error) {
      throw incomplete(path: path, note: "another task is filling it")
    }
    _ = try session.rows("INSERT INTO \(SQLIdentifier.quote(table)) (note) VALUES (?)", [.text(note)])
  }

  /// Removes the mark, inside the caller's write transaction; a store without one is left as
  /// it is.
  static func remove(on session: some SQLSession) throws {
    try session.execute("DROP TABLE IF EXISTS \(SQLIdentifier.quote(table))")
  }

  /// The error an opening of a marked store throws.
  static func incomplete(path: String, note: String) -> PersistenceError {
    .cannotOpen(path: path, reason: reason(note: note))
  }

  /// Why a marked store is refused, as an opening and an inspection say it.
  static func reason(note: String) -> String {
    "it is incomplete: \(note)"
  }
}
