import Foundation
import Repositories
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

  func update(_ models: [Model], in state: StoreState) throws {
    let encoder = state.encoder(for: table)
    let statement = try state.connection.statement(statements.update)
    for model in models {
      try encoder.encode(model)
      try encoder.run(statement)
      guard state.connection.changes > 0 else {
        throw RepositoryError.notFound(id: String(describing: model.id))
      }
      try state.history?.record(.update, id: model.id, in: table.name)
    }
  }

  func upsert(_ models: [Model], in state: StoreState) throws {
    let encoder = state.encoder(for: table)
    // The id each row is stored under: a match on a unique value keeps the stored one.
    let statement = try state.connection.statement(
      statements.upsert + " RETURNING \(SQLIdentifier.quote(table.primaryKey))")
    let family = familyKeys
    for model in models {
      try encoder.encode(model)
      let before = state.connection.lastInsertedRowID
      guard let stored = try encoder.run(statement, reading: { $0.value(at: 0) }) else { continue }
      // An upsert that updates leaves the last inserted row id as it was.
      let kind: PendingChange.Kind = state.connection.lastInsertedRowID == before ? .update : .insert
      if kind == .insert {
        try family?.check(model, insertedAt: state.connection.lastInsertedRowID, on: state.connection)
      }
      try state.history?.record(kind, stored, in: table.name)
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
  /// - Throws: `RepositoryError.notFound` naming the first identifier that is not stored.
  func delete(_ keys: [(id: Model.ID, key: SQLValue)], in state: StoreState) throws {
    let statement = try state.connection.statement(statements.deleteByID)
    var deleted = Set<Model.ID>()
    for (id, key) in keys where deleted.insert(id).inserted {
      if let recorder = state.history {
        try CascadeScanner.recordEffects(
          ofDeletingKey: key, from: table, tables: tables, recorder: recorder,
          on: state.connection)
      }
      try statement.bind(key, at: 1)
      try statement.run()
      guard state.connection.changes > 0 else {
        throw RepositoryError.notFound(id: String(describing: id))
      }
      try state.history?.record(.delete, key, in: table.name)
    }
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
    try CascadeScanner.recordEffects(
      ofDeleting: table, where: condition, tables: tables, recorder: recorder, on: state.connection)
    // The ids stream into the recorder, which writes them out as it goes: memory stays flat
    // however many rows the delete removes.
    let statement = try state.connection.statement(
      "SELECT \(SQLIdentifier.quote(table.primaryKey)) FROM \(table.quotedName)"
        + (condition.map { " WHERE \($0.sql)" } ?? ""))
    defer { statement.reset() }
    try statement.bind(condition?.bindings ?? [])
    try recorder.recordRows(.delete, selectedBy: statement, in: table.name)
  }
}
