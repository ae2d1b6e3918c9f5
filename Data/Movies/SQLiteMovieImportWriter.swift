import Domain
import Foundation

/// The writes of one import transaction; it exists only inside
/// ``SQLiteMovieImporter/withImportTransaction(_:)`` and must not be kept beyond it.
///
/// A movie is inserted unless its id or its title and date are stored already, and then it
/// updates the stored movie: three prepared statements, the first of which does all the work
/// for new movies without the per-statement journal an `ON CONFLICT DO UPDATE` needs. An import
/// file carries no images, so an updated movie keeps the images it has. Tag ids are remembered
/// by name for the rest of the import, up to a bound that keeps memory flat.
public struct SQLiteMovieImportWriter: MovieImportWriter {
  private static let rememberedTags = 10_000

  private let state: StoreState
  private let movieEncoder: RowEncoder
  private let insertMovie: Statement
  private let updateMovieByID: Statement
  /// One update for each unique index, matching a stored movie by its values.
  private let updateMovieByUniqueValues: [Statement]
  private let tagEncoder: RowEncoder
  private let insertTag: Statement
  private let findTag: Statement
  private let taggingEncoder: RowEncoder
  private let insertTagging: Statement
  private var tagIDs: [String: UUID] = [:]
  /// The names of the tables written, as the history records them.
  private let tables: (movies: String, tags: String, taggings: String)
  private var uuids = RandomUUIDs()
  /// Indexes dropped for the import and built again at its end, when it started on empty tables.
  private var deferredIndexes: [String]

  init(state: StoreState, movies: TableSchema, tags: TableSchema, taggings: TableSchema) throws {
    self.state = state
    self.tables = (movies.name, tags.name, taggings.name)
    deferredIndexes = try Self.deferIndexes(of: [movies, taggings], on: state.connection)
    movieEncoder = state.encoder(for: movies)
    let kept: Set<String> = ["images"]
    insertMovie = try state.connection.statement(TableStatements(table: movies).insert + " ON CONFLICT DO NOTHING")
    updateMovieByID = try state.connection.statement(
      TableStatements.update(movies, matching: [movies.primaryKey], preserving: kept))
    updateMovieByUniqueValues = try movies.indexes.filter(\.isUnique).map { index in
      try state.connection.statement(TableStatements.update(movies, matching: index.columns, preserving: kept))
    }
    tagEncoder = state.encoder(for: tags)
    insertTag = try state.connection.statement(TableStatements(table: tags).insert)
    findTag = try state.connection.statement(
      "SELECT \(SQLIdentifier.quote(tags.primaryKey)) FROM \(tags.quotedName) WHERE \"name\" = ?")
    taggingEncoder = state.encoder(for: taggings)
    // A movie that has a tag already keeps it once: the unique pair turns the insert into nothing.
    insertTagging = try state.connection.statement(TableStatements(table: taggings).insert + " ON CONFLICT DO NOTHING")
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

  /// Builds the indexes the import dropped; called once, after the last row and before commit.
  mutating func finish() throws {
    for statement in deferredIndexes { try state.connection.execute(statement) }
    deferredIndexes.removeAll()
  }

  /// Stores each movie, replacing the one with the same id or, failing that, the same title
  /// and date, and returns the ids they are stored under.
  ///
  /// - Throws: `RepositoryError` if the store refuses a movie.
  public mutating func upsert(_ movies: [Movie]) throws -> [UUID] {
    do {
      var ids: [UUID] = []
      ids.reserveCapacity(movies.count)
      for movie in movies {
        try movieEncoder.encode(movie)
        ids.append(try store(movie))
      }
      return ids
    } catch {
      throw RepositoryError(error, modelName: "Movie")
    }
  }

  /// Inserts the encoded movie, or updates the stored one with its id or unique values.
  private func store(_ movie: Movie) throws -> UUID {
    try movieEncoder.run(insertMovie)
    if state.connection.changes > 0 { return try recorded(.insert, movie.id) }
    try movieEncoder.run(updateMovieByID)
    if state.connection.changes > 0 { return try recorded(.update, movie.id) }
    for update in updateMovieByUniqueValues {
      if let stored = try movieEncoder.run(update, reading: { $0.uuid(at: 0) }), let stored {
        return try recorded(.update, stored)
      }
    }
    throw RepositoryError.constraintViolation("\(movie.title) conflicts with a stored movie it cannot update")
  }

  /// Gives a movie tags by name, creating the tags that do not exist yet.
  ///
  /// - Throws: `RepositoryError` if the movie is not stored or a tag is refused.
  public mutating func addTags(_ names: [String], to movieID: UUID) throws {
    do {
      for name in names {
        let tagging = Tagging(id: uuids.make(), movieID: movieID, tagID: try tagID(named: name))
        try taggingEncoder.encode(tagging)
        try taggingEncoder.run(insertTagging)
        // A tag the movie has already is not inserted again.
        if state.connection.changes > 0 { try state.history?.record(.insert, id: tagging.id, in: tables.taggings) }
      }
    } catch let error as SQLiteError where error.isForeignKeyViolation {
      throw RepositoryError.constraintViolation("no movie has the id \(movieID.uuidString.lowercased())")
    } catch {
      throw RepositoryError(error, modelName: "MovieTag")
    }
  }

  /// Records a change of a movie in the history and returns its id.
  private func recorded(_ kind: PendingChange.Kind, _ id: UUID) throws -> UUID {
    try state.history?.record(kind, id: id, in: tables.movies)
    return id
  }

  private mutating func tagID(named name: String) throws -> UUID {
    if let id = tagIDs[name] { return id }
    if tagIDs.count >= Self.rememberedTags { tagIDs.removeAll(keepingCapacity: true) }
    try findTag.bind(try SQLValue(swiftValue: name), at: 1)
    let found = try findTag.step() ? findTag.uuid(at: 0) : nil
    findTag.reset()
    let id: UUID
    if let found {
      id = found
    } else {
      let tag = MovieTag(id: uuids.make(), name: name)
      try tagEncoder.encode(tag)
      try tagEncoder.run(insertTag)
      try state.history?.record(.insert, id: tag.id, in: tables.tags)
      id = tag.id
    }
    tagIDs[name] = id
    return id
  }
}
