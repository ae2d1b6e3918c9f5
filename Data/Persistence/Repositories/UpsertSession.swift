import Foundation
import Repositories
import SQLValues
import SQLiteCore

/// The batch upserts of one model type in one write transaction
/// (`RepositoryTransaction.upsert(_:)` with ``Repositories/Upsert`` rows), made by its
/// ``TableWriter`` and living until the transaction ends.
///
/// Each row is first inserted with `INSERT … ON CONFLICT DO NOTHING`, which does all the work
/// for a new model without the journal an `ON CONFLICT DO UPDATE` keeps; a row that was not
/// inserted then updates the stored model it matches, setting only its properties and only when
/// one differs (one cached statement per set of properties and match). The `rowid` of every
/// row written is kept in ``UpsertedKeys`` with the upsert row's origin, so a repeat is found in
/// bounded memory. Into a table that was empty, rows load without its plain indexes, which
/// ``finish()`` builds once, sorted: DROP and CREATE INDEX are part of the transaction, so a
/// rolled-back one leaves them as they were. Unique indexes stay: they decide what is an update.
///
/// Rows go through the state's encoder (NFC text, external files) and are recorded in the
/// history like every other write.
///
/// A table with a search index is written without its insert trigger: each batch drops it and
/// the session appends the rows it inserted to the index's pending changes itself, when the
/// batch ends, one statement for each run of consecutive `rowid`s (one a row cost an import of
/// 100,000 movies a tenth of its time), and
/// ``finish()`` — or an insert by another path of the transaction
/// (``restoreSearchTrigger()``) — creates it again. A statement that fires a trigger keeps a
/// statement journal, a copy of every page it changes; once one statement of a transaction has
/// outgrown memory, the journal is a file for the rest of it, and an import of a million rows
/// spent a third of its time writing it, eight system calls a row.
final class UpsertSession<Model: PersistentModel> {
  /// Which stored row an update statement matches: by primary key, or by a unique index.
  private struct UpdateKey: Hashable {
    let columns: [Int]
    let uniqueIndex: Int?
  }

  private let writer: TableWriter<Model>
  private let state: StoreState
  private let encoder: RowEncoder
  private let insert: Statement
  private let exists: Statement
  /// For each unique index, the lookup of the row holding the encoded row's values.
  private let holders: [Statement]
  private let uniqueIndexes: [IndexDescription]
  private let keys: UpsertedKeys
  /// The check that an inserted row's identifier is unique across its family.
  private let family: FamilyKeys?
  private var updates: [UpdateKey: Statement] = [:]
  /// The comparisons that find what each of ``updates`` changes, for the history.
  private var comparisons: [UpdateKey: Statement] = [:]
  /// The columns each list of properties sets.
  private var upsertColumns: UpsertColumns<Model>
  /// Indexes dropped for the session and built again by ``finish()``.
  private var deferredIndexes: [String] = []
  /// The table's search index, whose insert trigger the session's batches run without.
  private let search: SearchIndex?
  /// The statement that appends a run of inserted rows to the search index's pending changes.
  private let appendInserted: Statement?
  /// The `rowid`s the current batch inserted, for ``appendInserted``.
  private var insertedRows: [Int64] = []

  private var table: TableSchema { writer.table }

  init(writer: TableWriter<Model>, state: StoreState) throws {
    self.writer = writer
    self.state = state
    let table = writer.table
    encoder = state.encoder(for: table)
    upsertColumns = UpsertColumns(of: table, modelName: "\(Model.self)")
    keys = try UpsertedKeys(of: table, on: state.connection)
    family = writer.familyKeys
    insert = try state.connection.statement(writer.statements.insertUnlessStored)
    exists = try state.connection.statement(TableStatements.exists(in: table))
    holders = try TableStatements.holders(in: table).map { try state.connection.statement($0) }
    uniqueIndexes = table.indexes.filter(\.isUnique)
    search = SearchIndex(table)
    appendInserted = try search.map { try state.connection.statement($0.appendInsertedStatement) }
    let statement = try state.connection.statement("SELECT NOT EXISTS (SELECT 1 FROM \(table.quotedName))")
    let empty = try statement.step() && statement.int64(at: 0) == 1
    // Reset before the drops: an index cannot be dropped while a statement reads its table.
    statement.reset()
    if empty {
      for index in table.indexes where !index.isUnique {
        try state.connection.execute("DROP INDEX IF EXISTS \(SQLIdentifier.quote(index.name(in: table.name)))")
        deferredIndexes.append(table.createStatement(for: index))
      }
    }
  }

  /// Builds the indexes the session dropped and forgets the keys it wrote; called once, after
  /// the last row and before the transaction commits.
  func finish() throws {
    try keys.drop()
    for statement in deferredIndexes { try state.connection.execute(statement) }
    deferredIndexes.removeAll()
    try restoreSearchTrigger()
  }

  /// Creates the search index's insert trigger again, if a batch dropped it: before the
  /// transaction inserts rows of the table by another path, which must fire it.
  ///
  /// Neither this nor the drop keeps a flag: each asks whether the trigger is there, so a
  /// savepoint rolled back around either leaves nothing to go out of step.
  func restoreSearchTrigger() throws {
    guard let search else { return }
    try state.connection.execute(search.restoreInsertTriggerStatement)
  }

  /// Writes each row and returns, in order, what became of it.
  func upsert(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>] {
    if let search { try state.connection.execute(search.suspendInsertTriggerStatement) }
    insertedRows.removeAll(keepingCapacity: true)
    var outcomes: [UpsertOutcome<Model.ID>] = []
    outcomes.reserveCapacity(rows.count)
    // Each row borrowed where it lies: `map` over a generic array copies every row out first.
    try rows.withUnsafeBufferPointer { rows in
      for index in rows.indices { outcomes.append(try upsert(rows[index])) }
    }
    try appendInsertedRows()
    return outcomes
  }

  /// Appends the rows the batch inserted to the search index's pending changes, as the insert
  /// trigger would have, a run of consecutive `rowid`s at a time: every row of such a run is
  /// one the batch inserted, and none of them changed since (a later row of the batch that
  /// matches one is a repeat, which writes nothing). Rows of other `rowid`s commute with them
  /// in the index, so only each row's own changes need stay in order; nothing else of the
  /// transaction runs until the batch returns.
  private func appendInsertedRows() throws {
    guard let appendInserted, !insertedRows.isEmpty else { return }
    insertedRows.sort()
    var start = 0
    while start < insertedRows.count {
      var end = start
      while end + 1 < insertedRows.count, insertedRows[end + 1] == insertedRows[end] + 1 { end += 1 }
      try appendInserted.bind([.integer(insertedRows[start]), .integer(insertedRows[end])])
      try appendInserted.run()
      start = end + 1
    }
    insertedRows.removeAll(keepingCapacity: true)
  }

  private func upsert(_ row: Upsert<Model>) throws -> UpsertOutcome<Model.ID> {
    let columns = try upsertColumns.columns(of: row.properties)
    try encoder.encode(row.model)
    if try inserted(row.model, origin: row.origin) { return .inserted(row.model.id) }
    return try updateStored(row, setting: columns)
  }

  /// Writes a row that was not inserted, because its identifier is stored or the values of a
  /// unique index are, into the stored row it matches. A function of its own: its locals' types
  /// depend on the model's identifier, and unspecialized code looks their layout up wherever
  /// they are declared, which the insert, the common path, then does without.
  private func updateStored(_ row: Upsert<Model>, setting columns: [Int]) throws -> UpsertOutcome<Model.ID> {
    let id = row.model.id
    let target: (key: SQLValue, rowid: Int64, id: Model.ID, uniqueIndex: Int?)
    if let rowid = try encoder.run(exists, reading: { $0.int64(at: 0) }) {
      target = (try SQLValue(swiftValue: id), rowid, id, nil)
    } else if row.match == .identifierOrUniqueKey, let (index, key, rowid) = try holder(excluding: nil) {
      target = (key, rowid, try ScalarDecoder.decode(Model.ID.self, from: key), index)
    } else {
      // Matched by identifier only, which is not stored: the unique values are another model's.
      return try clash(excluding: nil)
    }
    if let origin = try keys.origin(of: target.rowid) { return .repeated(target.id, origin: origin) }
    guard let outcome = try update(setting: columns, of: target.id, matching: target.uniqueIndex) else {
      return try clash(excluding: target.key)
    }
    try keys.record(target.rowid, origin: row.origin)
    return outcome
  }

  /// Runs the insert; `true`, recorded in the history and in the written keys, when it stored
  /// the row.
  private func inserted(_ model: Model, origin: Int) throws -> Bool {
    try encoder.run(insert)
    guard state.connection.changes > 0 else { return false }
    let id = model.id
    let rowid = state.connection.lastInsertedRowID
    try family?.check(model, insertedAt: rowid, on: state.connection)
    try keys.record(rowid, origin: origin)
    try state.history?.record(.insert, id: id, in: table.name)
    if appendInserted != nil { insertedRows.append(rowid) }
    return true
  }

  /// Sets `columns` of the stored row with the encoded row's primary key, or with its values
  /// for a unique index, whose identifier is `id`: `.updated` (recorded in the history) when a
  /// value changed, `.unchanged` when none did; `nil` when the new values of a unique index are
  /// another row's.
  private func update(
    setting columns: [Int], of id: Model.ID, matching uniqueIndex: Int?
  ) throws
    -> UpsertOutcome<Model.ID>?
  {
    guard !columns.isEmpty else { return .unchanged(id) }
    // What the update changes is read before it runs, from the row it is about to replace.
    let attributes = try state.history.map { _ in
      try UpdatedAttributes.read(
        try changes(setting: columns, matching: uniqueIndex), setting: columns, of: table, encoder: encoder) ?? []
    }
    let stored: SQLValue?
    do {
      stored = try encoder.run(try statement(setting: columns, matching: uniqueIndex)) { $0.value(at: 0) }
    } catch let error as SQLiteError where error.isConstraintViolation && !error.isForeignKeyViolation {
      return nil
    }
    guard let stored else { return .unchanged(id) }
    try state.history?.record(.update, stored, in: table.name, attributes: attributes ?? [])
    return .updated(id)
  }

  /// What a row that could not be written clashed with: the stored row, other than
  /// `excluded`, that holds its values for a unique index; a repeat when an earlier row of the
  /// transaction wrote it.
  private func clash(excluding excluded: SQLValue?) throws -> UpsertOutcome<Model.ID> {
    guard let (_, key, rowid) = try holder(excluding: excluded) else {
      throw RepositoryError.constraintViolation("\(Model.self) clashes with a stored model it cannot update")
    }
    let holder = try ScalarDecoder.decode(Model.ID.self, from: key)
    if let origin = try keys.origin(of: rowid) { return .repeated(holder, origin: origin) }
    return .conflict(with: holder)
  }

  /// The first unique index, in declaration order, for which a stored row other than
  /// `excluded` has the encoded row's values, and that row's primary key and `rowid`.
  private func holder(excluding excluded: SQLValue?) throws -> (index: Int, key: SQLValue, rowid: Int64)? {
    for (index, statement) in holders.enumerated() {
      if let (key, rowid) = try encoder.run(statement, reading: { ($0.value(at: 0), $0.int64(at: 1)) }),
        key != excluded
      {
        return (index, key, rowid)
      }
    }
    return nil
  }

  /// The cached update that sets `columns` of the row matched by primary key or by a unique index.
  private func statement(setting columns: [Int], matching uniqueIndex: Int?) throws -> Statement {
    let key = UpdateKey(columns: columns, uniqueIndex: uniqueIndex)
    if let statement = updates[key] { return statement }
    let matched = uniqueIndex.map { uniqueIndexes[$0].columns } ?? [table.primaryKey]
    let statement = try state.connection.statement(TableStatements.update(table, setting: columns, matching: matched))
    updates[key] = statement
    return statement
  }

  /// The comparison that tells which of `columns` the update of the row matched by the primary
  /// key, or by a unique index, changes (``UpdatedAttributes``), prepared once per key.
  private func changes(setting columns: [Int], matching uniqueIndex: Int?) throws -> Statement {
    let key = UpdateKey(columns: columns, uniqueIndex: uniqueIndex)
    if let statement = comparisons[key] { return statement }
    let matched = uniqueIndex.map { uniqueIndexes[$0].columns } ?? [table.primaryKey]
    let statement = try state.connection.statement(
      UpdatedAttributes.statement(table, setting: columns, matching: matched))
    comparisons[key] = statement
    return statement
  }
}
