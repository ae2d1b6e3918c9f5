import Foundation
import Repositories
import SQLValues
import SQLiteCore

/// Writes one model type's rows inside the caller's write transaction, recording each change in
/// the history when the transaction keeps one: the engine's one write path.
///
/// A repository's writes, a unit of work's, a context's save and a migration context's are all
/// these operations, so not-found handling, history, cascades and external files are defined
/// once. Each operation checks as it goes and throws at the first refused row; the caller's
/// transaction (or savepoint) undoes what it did.
struct TableWriter<Model: PersistentModel> {
  let table: TableSchema
  let statements: TableStatements
  /// Every table of the store, whose rows a delete may change through foreign keys.
  let tables: [TableSchema]

  func insert(_ models: [Model], in state: StoreState) throws {
    let encoder = state.encoder(for: table)
    let statement = try state.connection.statement(statements.insert)
    let family = familyKeys
    for model in models {
      try encoder.encode(model)
      try encoder.run(statement)
      try family?.check(model, insertedAt: state.connection.lastInsertedRowID, on: state.connection)
      try state.history?.record(.insert, id: model.id, in: table.name)
    }
  }

  /// Replaces the stored rows of these models.
  ///
  /// With a history, the rows are updated in key order, so that the history lists them as
  /// PostgreSQL's one statement records them.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first model that is not stored.
  func update(_ models: [Model], in state: StoreState) throws {
    let encoder = state.encoder(for: table)
    // With a history, the update reports what it changes, compared on the row it replaces.
    let statement = try state.connection.statement(
      state.history == nil ? statements.update : statements.updateReportingChanges)
    let ordered = state.history == nil || models.count < 2 ? models : try Self.inKeyOrder(models)
    for model in ordered {
      try encoder.encode(model)
      state.connection.clearReport()
      try encoder.run(statement)
      guard state.connection.changes > 0 else {
        let keys = try models.map { (id: $0.id, key: try SQLValue(swiftValue: $0.id)) }
        let missing = try firstMissing(keys, on: state.connection) ?? model.id
        throw RepositoryError.notFound(id: String(describing: missing))
      }
      try state.history?.record(
        .update, id: model.id, in: table.name,
        attributes: UpdatedAttributes.reported(statements.updatedColumns, of: table, on: state.connection) ?? [])
    }
  }

  func upsert(_ models: [Model], in state: StoreState) throws {
    let encoder = state.encoder(for: table)
    // The id each row is stored under: a match on a unique value keeps the stored one.
    let statement = try state.connection.statement(
      statements.upsert + " RETURNING \(SQLIdentifier.quote(table.primaryKey))")
    let changed = try state.history.map { _ in try state.connection.statement(statements.changedColumns) }
    let family = familyKeys
    for model in models {
      try encoder.encode(model)
      // A model stored under its identifier: what the update changes, read before it runs.
      let attributes = try changed.flatMap {
        try UpdatedAttributes.read($0, setting: statements.updatedColumns, of: table, encoder: encoder)
      }
      let before = state.connection.lastInsertedRowID
      guard let stored = try encoder.run(statement, reading: { $0.value(at: 0) }) else { continue }
      // An upsert that updates leaves the last inserted row id as it was.
      guard state.connection.lastInsertedRowID == before else {
        try family?.check(model, insertedAt: state.connection.lastInsertedRowID, on: state.connection)
        try state.history?.record(.insert, stored, in: table.name)
        continue
      }
      // Matched by a unique value instead, the stored row is another identifier's: every
      // attribute the upsert wrote counts as changed.
      try state.history?.record(
        .update, stored, in: table.name,
        attributes: attributes ?? statements.updatedColumns.map { table.columns[$0].name })
    }
  }

  /// The check that an inserted row's identifier is unique across its family, or `nil` for a
  /// table of no family.
  var familyKeys: FamilyKeys? { FamilyKeys(table: table, tables: tables) }

  /// Starts the batch upserts of this table in the caller's write transaction, which must
  /// call the session's ``UpsertSession/finish()`` before it commits.
  func upsertSession(in state: StoreState) throws -> UpsertSession<Model> {
    try UpsertSession(writer: self, state: state)
  }

  /// Deletes the rows of `keys`, each once however often it is listed.
  ///
  /// With a history, the rows go in one statement, as on PostgreSQL, so that the history lists
  /// them, then what their deletion changes through foreign keys, in one order on both engines.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first identifier that is not stored.
  func delete(_ keys: [(id: Model.ID, key: SQLValue)], in state: StoreState) throws {
    var seen = Set<Model.ID>()
    let unique = keys.filter { seen.insert($0.id).inserted }
    guard state.history != nil else { return try deleteEach(unique, in: state) }
    let list = try DeletedKeys(unique.map(\.key), on: state.connection)
    // Emptied again before its next use: a failure to empty it now loses nothing.
    defer { try? list.clear() }
    if let absent = try list.firstAbsent(from: table) {
      let missing = unique.first { $0.key == absent }?.id
      throw RepositoryError.notFound(id: missing.map { String(describing: $0) } ?? "\(absent)")
    }
    _ = try delete(where: list.selecting(table.primaryKey), in: state)
  }

  /// Deletes the rows of `keys` one by one, where no history records them.
  private func deleteEach(_ keys: [(id: Model.ID, key: SQLValue)], in state: StoreState) throws {
    let statement = try state.connection.statement(statements.deleteByID)
    for (id, key) in keys {
      try statement.bind(key, at: 1)
      try statement.run()
      guard state.connection.changes > 0 else {
        throw RepositoryError.notFound(id: String(describing: id))
      }
    }
  }

  /// Models sorted by their stored keys, as the databases order keys.
  private static func inKeyOrder(_ models: [Model]) throws -> [Model] {
    try models.map { (key: try SQLValue(swiftValue: $0.id), model: $0) }
      .sorted { $0.key.precedesAsKey($1.key) }.map(\.model)
  }

  /// The first of these identifiers whose row is not stored, if any.
  private func firstMissing(_ keys: [(id: Model.ID, key: SQLValue)], on connection: Connection) throws -> Model.ID? {
    let exists = try connection.statement(
      "SELECT 1 FROM \(table.quotedName) WHERE \(SQLIdentifier.quote(table.primaryKey)) = ?")
    for (id, key) in keys {
      try exists.bind(key, at: 1)
      if try Self.stepOnce(exists, { _ in true }) == nil { return id }
    }
    return nil
  }

  func delete(where condition: SQLFragment, in state: StoreState) throws -> Int {
    try recordDeleting(where: condition, in: state)
    let statement = try state.connection.statement("DELETE FROM \(table.quotedName) WHERE \(condition.sql)")
    try statement.bind(condition.bindings)
    try statement.run()
    return state.connection.changes
  }

  /// Deletes every row and returns how many there were; a table with a substring index empties
  /// it in one command (``SearchIndex/deletingEveryRow(on:_:)``).
  func deleteAll(in state: StoreState) throws -> Int {
    try recordDeleting(where: nil, in: state)
    let delete = {
      try state.connection.statement(statements.deleteAll).run()
      return state.connection.changes
    }
    guard let index = SearchIndex(table) else { return try delete() }
    return try index.deletingEveryRow(on: state.connection, delete)
  }

  /// Records in the history the rows a delete is about to remove, and what removing them does
  /// to other tables through foreign keys; a `nil` condition stands for every row.
  private func recordDeleting(where condition: SQLFragment?, in state: StoreState) throws {
    guard let recorder = state.history else { return }
    // The rows themselves first, in key order, then what their deletion does elsewhere: the
    // order PostgreSQL's triggers record. The ids stream into the recorder, which writes them
    // out as it goes: memory stays flat however many rows the delete removes.
    let statement = try state.connection.statement(
      "SELECT \(HistoryRecorder.deletedColumns(of: table)) FROM \(table.quotedName)"
        + (condition.map { " WHERE \($0.sql)" } ?? "") + " ORDER BY \(SQLIdentifier.quote(table.primaryKey))")
    do {
      defer { statement.reset() }
      try statement.bind(condition?.bindings ?? [])
      try recorder.recordRows(.delete, selectedBy: statement, in: table.name, attributes: table.preservedOnDeletion)
    }
    try CascadeScanner.recordEffects(
      ofDeleting: table, where: condition, tables: tables, recorder: recorder, on: state.connection)
  }

  /// Steps a bound statement to its end and resets it, passing the first row it returns (a
  /// `RETURNING` clause's) to `read`: `nil` when it returned none.
  private static func stepOnce<T>(_ statement: Statement, _ read: (Statement) -> T) throws -> T? {
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    let result = read(statement)
    while try statement.step() {}
    return result
  }
}
