public import Catalog
import Foundation
import Persistence
import Repositories
import SQLiteCore

/// The writes of one import transaction; it exists only inside
/// ``SQLiteMovieImporter/withImportTransaction(_:)`` and must not be kept beyond it.
///
/// A row with an id is inserted under it unless that id or the row's title and date are stored
/// already, and then updates the movie with that id; a row without one updates the movie with
/// its title and date, or is inserted under a new id. The insert does all the work for new
/// movies without the per-statement journal an `ON CONFLICT DO UPDATE` needs; an update sets
/// only the columns the row gives (one prepared statement for each set of fields), so an
/// updated movie keeps the rest, and always its images. Which line wrote each movie is kept in
/// ``ImportedLines``, so a second row for one movie is refused rather than overwriting the first.
/// Tag ids are remembered by name for the rest of the import, up to a bound that keeps memory flat.
public struct SQLiteMovieImportWriter: MovieImportWriter {
  static let rememberedTags = 10_000

  let state: StoreState
  private let movies: TableSchema
  private let movieEncoder: RowEncoder
  private let insertMovie: Statement
  private let findMovie: Statement
  /// The updates by id, and by title and date, one for each set of fields a row may give,
  /// prepared when first needed.
  private var updates: [UpdateKey: Statement] = [:]
  private var lines: ImportedLines
  let tagEncoder: RowEncoder
  let insertTag: Statement
  let findTag: Statement
  let taggingEncoder: RowEncoder
  let insertTagging: Statement
  let findTaggings: Statement
  let deleteTagging: Statement
  var tagIDs: [String: UUID] = [:]
  /// The names of the tables written, as the history records them.
  let tables: (movies: String, tags: String, taggings: String)
  var uuids = RandomUUIDs()
  /// Indexes dropped for the import and built again at its end, when it started on empty tables.
  private var deferredIndexes: [String]

  init(state: StoreState, movies: TableSchema, tags: TableSchema, taggings: TableSchema) throws {
    self.state = state
    self.movies = movies
    self.tables = (movies.name, tags.name, taggings.name)
    deferredIndexes = try Self.deferIndexes(of: [movies, taggings], on: state.connection)
    lines = try ImportedLines(connection: state.connection)
    movieEncoder = state.encoder(for: movies)
    insertMovie = try state.connection.statement(TableStatements(table: movies).insert + " ON CONFLICT DO NOTHING")
    findMovie = try state.connection.statement(
      "SELECT \(SQLIdentifier.quote(movies.primaryKey)) FROM \(movies.quotedName) WHERE \"title\" = ? AND \"date\" = ?")
    tagEncoder = state.encoder(for: tags)
    insertTag = try state.connection.statement(TableStatements(table: tags).insert)
    findTag = try state.connection.statement(
      "SELECT \(SQLIdentifier.quote(tags.primaryKey)) FROM \(tags.quotedName) WHERE \"name\" = ?")
    taggingEncoder = state.encoder(for: taggings)
    insertTagging = try state.connection.statement(TableStatements(table: taggings).insert)
    findTaggings = try state.connection.statement(
      "SELECT \(SQLIdentifier.quote(taggings.primaryKey)), \"tagID\" FROM \(taggings.quotedName) WHERE \"movieID\" = ?")
    deleteTagging = try state.connection.statement(
      "DELETE FROM \(taggings.quotedName) WHERE \(SQLIdentifier.quote(taggings.primaryKey)) = ?")
  }

  /// Into empty tables, rows load faster without their plain indexes, which are then built once,
  /// sorted, at the end: DROP and CREATE INDEX are part of the transaction, so a failed import
  /// leaves them as they were. Unique indexes stay: they decide which rows are updates.
  private static func deferIndexes(of tables: [TableSchema], on connection: Connection) throws -> [String] {
    var deferred: [String] = []
    for table in tables {
      let statement = try connection.statement("SELECT NOT EXISTS (SELECT 1 FROM \(table.quotedName))")
      let empty = try statement.step() && statement.int64(at: 0) == 1
      statement.reset()
      guard empty else { continue }
      for index in table.indexes where !index.isUnique {
        try connection.execute("DROP INDEX IF EXISTS \(SQLIdentifier.quote(index.name(in: table.name)))")
        deferred.append(table.createStatement(for: index))
      }
    }
    return deferred
  }

  /// Builds the indexes the import dropped and forgets the lines; called once, after the last
  /// row and before commit.
  mutating func finish() throws {
    try lines.drop()
    for statement in deferredIndexes { try state.connection.execute(statement) }
    deferredIndexes.removeAll()
  }

  /// Writes each row, setting only the fields it gives, and returns what became of it.
  ///
  /// - Throws: `RepositoryError` if the store refuses a row for another reason than its title
  ///   and date.
  public mutating func write(_ rows: [MovieImportRow]) throws -> [MovieImportOutcome] {
    do {
      var outcomes: [MovieImportOutcome] = []
      outcomes.reserveCapacity(rows.count)
      for row in rows {
        let outcome = try write(row)
        switch outcome {
        case .added(let id), .updated(let id):
          if row.fields.contains(.tags) { try setTags(row.tags, of: id, isNew: outcome == .added(id)) }
        case .duplicate, .conflict: break
        }
        outcomes.append(outcome)
      }
      return outcomes
    } catch let error as SQLiteError where error.isForeignKeyViolation {
      throw RepositoryError.constraintViolation("a tagging names a movie or tag that is not stored")
    } catch {
      throw RepositoryError(error, modelName: "Movie")
    }
  }

  /// Writes one row's movie, unless an earlier row wrote it or another movie has its title and date.
  private mutating func write(_ row: MovieImportRow) throws -> MovieImportOutcome {
    var movie = row.movie
    let givesID = row.fields.contains(.id)
    // A row without an id is added under a new one.
    if !givesID { movie.id = uuids.make() }
    // A row with an id claims the movie before writing it: an earlier row may have written it.
    if givesID, let line = try lines.claim(movie.id, line: row.line) { return .duplicate(ofLine: line) }
    try movieEncoder.encode(movie)
    try movieEncoder.run(insertMovie)
    if state.connection.changes > 0 {
      // A new id, as a row without one is given, is no other row's.
      if !givesID { _ = try lines.claim(movie.id, line: row.line) }
      return try recorded(.added(movie.id))
    }
    if !givesID {
      // Not inserted: the row is about the movie with its title and date.
      guard let stored = try movieID(title: movie.title, date: movie.date) else {
        throw RepositoryError.constraintViolation("\(movie.title) conflicts with a stored movie it cannot update")
      }
      if let line = try lines.claim(stored, line: row.line) { return .duplicate(ofLine: line) }
      // Matched by title and date, which it leaves as they are: no unique index changes.
      try update(with: row.fields, matchingTitleAndDate: true)
      return try recorded(.updated(stored))
    }
    // The id is stored, or the title and date are: the row updates the movie with its id,
    // which fails if another movie has that title and date.
    do {
      if try update(with: row.fields) { return try recorded(.updated(movie.id)) }
    } catch let error as SQLiteError where error.isConstraintViolation && !error.isForeignKeyViolation {}
    try lines.release(movie.id)
    guard let holder = try movieID(title: movie.title, date: movie.date) else {
      throw RepositoryError.constraintViolation("\(movie.title) conflicts with a stored movie it cannot update")
    }
    return try lines.line(of: holder).map { .duplicate(ofLine: $0) } ?? .conflict(with: holder)
  }

  /// Which update statement: the fields it sets, and whether it matches by title and date
  /// rather than by id.
  private struct UpdateKey: Hashable {
    let fields: MovieImportRow.Fields
    let matchingTitleAndDate: Bool
  }

  /// Runs the update that sets the given fields of the encoded movie, matching the stored one
  /// by id (setting its title and date) or by title and date; `true` if it changed a movie.
  @discardableResult
  private mutating func update(
    with fields: MovieImportRow.Fields, matchingTitleAndDate: Bool = false
  ) throws -> Bool {
    let key = UpdateKey(
      fields: fields.intersection(.values).subtracting(.tags), matchingTitleAndDate: matchingTitleAndDate)
    // Matched by the title and date it gives and nothing else: there is nothing to set.
    if matchingTitleAndDate, key.fields.isEmpty { return true }
    let statement: Statement
    if let prepared = updates[key] {
      statement = prepared
    } else {
      var kept: Set<String> = ["images"]
      let columns: [(MovieImportRow.Fields, String)] = [
        (.content, "content"), (.rate, "rate"), (.heart, "heart"), (.runtime, "runtime"),
      ]
      for (field, column) in columns where !key.fields.contains(field) { kept.insert(column) }
      let matching = matchingTitleAndDate ? ["title", "date"] : [movies.primaryKey]
      statement = try state.connection.statement(TableStatements.update(movies, matching: matching, preserving: kept))
      updates[key] = statement
    }
    return try movieEncoder.run(statement, reading: { _ in true }) ?? false
  }

  /// The id of the stored movie with a title and date, if there is one.
  private func movieID(title: String, date: Date) throws -> UUID? {
    defer { findMovie.reset() }
    try findMovie.bind(try SQLValue(swiftValue: title), at: 1)
    try findMovie.bind(try SQLValue(swiftValue: date), at: 2)
    return try findMovie.step() ? findMovie.uuid(at: 0) : nil
  }

  /// Records a change of a movie in the history and returns it.
  private func recorded(_ outcome: MovieImportOutcome) throws -> MovieImportOutcome {
    switch outcome {
    case .added(let id): try state.history?.record(.insert, id: id, in: tables.movies)
    case .updated(let id): try state.history?.record(.update, id: id, in: tables.movies)
    case .duplicate, .conflict: break
    }
    return outcome
  }
}
