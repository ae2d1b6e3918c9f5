import Foundation
import PostgresCore
import Repositories
import SQLValues

/// The batch upserts of one model type in one ``PostgresUnitOfWork`` transaction
/// (`RepositoryTransaction.upsert(_:)` with `Upsert` rows), living until the transaction ends.
///
/// Rows are first inserted with `INSERT … ON CONFLICT DO NOTHING`: consecutive rows that may
/// share a statement (``InsertRun``) up to a few hundred in one, and the rows it skipped are
/// then found by identifier in one statement, so an import of new models costs a round trip
/// per statement rather than per row. A row that was not inserted locks the stored model it
/// matches, asks the server in one statement whether its values differ and whether another
/// model holds the unique values the update would give it, and only then updates: PostgreSQL
/// fails the whole transaction on a statement that breaks a rule, so a clash is found before,
/// never caught. (A model another transaction stores between the check and the update still
/// fails the update, and so the whole transaction, as any failed batch upsert does.)
///
/// The rows written are remembered in memory, by `rowid` with the origin of the upsert row
/// that wrote them, rather than in a temporary table as on SQLite: on a server, a table would
/// cost a round trip for every row to record it and another to look it up, which would double
/// an import's time, while the memory is small (a dictionary entry, 20 to 40 bytes a row: at
/// most 4 MB for 100,000 rows, 400 MB for ten million in one transaction).
final class PostgresUpsertSession<Model: PersistentModel> {
  private let repository: PostgresRepository<Model>
  private let connection: PostgresConnection
  private let statements: PostgresUpsertStatements
  private let encoder: RowEncoder
  /// The origin of the upsert row that wrote each row, by `rowid`.
  private var written: [Int64: Int] = [:]
  /// The SQL of the check and the update of each set of columns and number of rows, made once.
  private var updates: [UpdateShape: (check: String, update: String)] = [:]
  /// The SQL of the insert of each number of rows at once.
  private var insertStatements: [Int: String] = [:]
  /// The columns of every unique index, and each unique index's.
  private let uniqueColumns: Set<Int>
  private let uniqueIndexes: [[Int]]
  /// The most rows one insert of a run binds, under PostgreSQL's 65,535 parameters.
  private let maximumPiece: Int
  /// The most rows of a run.
  private static var longestRun: Int { 1_024 }
  /// The columns each list of properties sets.
  private var upsertColumns: UpsertColumns<Model>

  private var table: TableSchema { repository.definition.table }

  init(repository: PostgresRepository<Model>, connection: PostgresConnection) {
    self.repository = repository
    self.connection = connection
    statements = PostgresUpsertStatements(repository.definition, insert: repository.statements.insert)
    encoder = RowEncoder(table: repository.definition.table)
    uniqueColumns = statements.uniqueColumnSet
    uniqueIndexes = statements.uniqueIndexColumns
    maximumPiece = repository.statements.rowsPerInsert
    upsertColumns = UpsertColumns(of: repository.definition.table, modelName: "\(Model.self)")
  }

  /// Writes each row and returns, in order, what became of it.
  func upsert(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>] {
    var outcomes: [UpsertOutcome<Model.ID>] = []
    outcomes.reserveCapacity(rows.count)
    var run = InsertRun<Model>()
    var loose: [InsertRun<Model>.Entry] = []
    for row in rows {
      let columns = try upsertColumns.columns(of: row.properties)
      try encoder.encode(row.model)
      let values = encoder.values.map(PostgresValue.init)
      let entry = (row, values, columns)
      // Only a row that writes every unique column may join a run (see ``InsertRun``); the
      // others go in order, a few hundred looked up at once.
      if uniqueColumns.isSubset(of: columns) {
        try flush(&loose, into: &outcomes)
        if run.rows.count == Self.longestRun || !run.accepts(values, table: table, unique: uniqueIndexes) {
          try flush(&run, into: &outcomes)
        }
        run.append(entry, table: table, unique: uniqueIndexes)
      } else {
        try flush(&run, into: &outcomes)
        if loose.count == Self.longestRun { try flush(&loose, into: &outcomes) }
        loose.append(entry)
      }
    }
    try flush(&run, into: &outcomes)
    try flush(&loose, into: &outcomes)
    return outcomes
  }

  /// Writes rows that may not join a run, in order: those stored under their identifiers
  /// (found in one statement, and locked) that write no column of a unique index are updated
  /// together, the others one by one.
  private func flush(_ loose: inout [InsertRun<Model>.Entry], into outcomes: inout [UpsertOutcome<Model.ID>]) throws {
    guard !loose.isEmpty else { return }
    defer { loose = [] }
    outcomes += try write(loose, stored: try storedRows(of: loose), tried: false)
  }

  /// The `rowid` of each entry's stored row, by key, for those stored under their identifiers;
  /// the rows are locked.
  private func storedRows(of entries: [InsertRun<Model>.Entry]) throws -> [PostgresValue: Int64] {
    let found = try connection.query(statements.rowsByKeys, [try repository.keyList(entries.map(\.row.model.id))])
    var stored: [PostgresValue: Int64] = [:]
    for index in 0..<found.count {
      stored[PostgresValue(try found.sqlValue(row: index, column: 0))] = found.int64(row: index, column: 1)
    }
    return stored
  }

  /// Inserts a run's rows in a few statements; a row that was not inserted (its identifier or
  /// unique values are stored) then goes the way of a single row.
  private func flush(_ run: inout InsertRun<Model>, into outcomes: inout [UpsertOutcome<Model.ID>]) throws {
    guard !run.rows.isEmpty else { return }
    defer { run = InsertRun() }
    let keyIndex = table.primaryKeyIndex
    var inserted: [PostgresValue: Int64] = [:]
    var start = 0
    while start < run.rows.count {
      // Pieces of a power of two rows, so that few statements are prepared.
      var size = min(run.rows.count - start, maximumPiece)
      while size & (size - 1) != 0 { size &= size - 1 }
      let sql = insertStatements[size] ?? repository.statements.insert(rows: size) + statements.insertSuffix
      insertStatements[size] = sql
      let result = try connection.query(sql, run.rows[start..<start + size].flatMap(\.values))
      for stored in 0..<result.count {
        inserted[PostgresValue(try result.sqlValue(row: stored, column: 1))] = result.int64(row: stored, column: 0)
      }
      start += size
    }
    var skipped: [Int] = []
    for entry in run.rows {
      if let rowid = inserted[entry.values[keyIndex]] {
        written[rowid] = entry.row.origin
      } else {
        skipped.append(outcomes.count)
      }
      outcomes.append(.inserted(entry.row.model.id))
    }
    guard !skipped.isEmpty else { return }
    let first = outcomes.count - run.rows.count
    let entries = skipped.map { run.rows[$0 - first] }
    for (position, outcome) in zip(skipped, try write(entries, stored: try storedRows(of: entries), tried: true)) {
      outcomes[position] = outcome
    }
  }

  /// Writes rows in order and returns their outcomes, given the `rowid` of each stored under
  /// its identifier (`stored`, by key); `tried` when they are rows of a run its insert skipped.
  /// Consecutive rows stored under their identifiers, which no earlier row wrote, setting the
  /// same columns — every column of the unique indexes (a run's) or none of them — are checked
  /// and updated together (``update(_:stored:)``); any other row alone.
  private func write(
    _ entries: [InsertRun<Model>.Entry], stored: [PostgresValue: Int64], tried: Bool
  ) throws -> [UpsertOutcome<Model.ID>] {
    let keyIndex = table.primaryKeyIndex
    var outcomes: [UpsertOutcome<Model.ID>] = []
    var group: [InsertRun<Model>.Entry] = []
    var groupRows: Set<Int64> = []
    let flushGroup = {
      outcomes += try self.update(group, stored: stored)
      group = []
      groupRows = []
    }
    for entry in entries {
      let rowid = stored[entry.values[keyIndex]]
      if let rowid, groupRows.contains(rowid) { try flushGroup() }
      let together =
        rowid.map { written[$0] == nil } ?? false && !entry.columns.isEmpty
        && (tried || uniqueColumns.isDisjoint(with: entry.columns))
      if let rowid, together {
        if let columns = group.first?.columns, columns != entry.columns { try flushGroup() }
        group.append(entry)
        groupRows.insert(rowid)
      } else {
        try flushGroup()
        outcomes.append(try rowid != nil || tried ? upsert(entry, stored: stored) : upsert(entry))
      }
    }
    try flushGroup()
    return outcomes
  }

  /// Updates rows stored under their identifiers, which set the same columns, in pieces of a
  /// power of two rows: one statement checks a piece's rows, one updates those that change and
  /// clash with nothing. Their outcomes are those of writing the rows one by one, in order: no
  /// row takes another's new values of a unique index (the rows of a run have none in common,
  /// the others write none), so a row's check can differ only by a row of the piece giving up
  /// the values it would take — then the piece goes row by row.
  private func update(
    _ entries: [InsertRun<Model>.Entry], stored: [PostgresValue: Int64]
  ) throws -> [UpsertOutcome<Model.ID>] {
    var outcomes: [UpsertOutcome<Model.ID>] = []
    var start = 0
    while start < entries.count {
      var size = min(entries.count - start, maximumPiece)
      while size & (size - 1) != 0 { size &= size - 1 }
      outcomes += try updatePiece(Array(entries[start..<start + size]), stored: stored)
      start += size
    }
    return outcomes
  }

  /// The outcomes of updating a piece of rows stored under their identifiers (see
  /// ``update(_:stored:)``).
  private func updatePiece(
    _ piece: [InsertRun<Model>.Entry], stored: [PostgresValue: Int64]
  ) throws -> [UpsertOutcome<Model.ID>] {
    let keyIndex = table.primaryKeyIndex
    let targets = piece.map { entry in
      (key: entry.values[keyIndex], rowid: stored[entry.values[keyIndex]] ?? 0, id: entry.row.model.id)
    }
    let single = { (index: Int) throws -> UpsertOutcome<Model.ID> in
      let outcome = try self.update(setting: piece[index].columns, of: targets[index], values: piece[index].values)
      if outcome.written != nil { self.written[targets[index].rowid] = piece[index].row.origin }
      return outcome
    }
    guard piece.count > 1, let columns = piece.first?.columns else { return try piece.indices.map(single) }
    let sql = self.sql(setting: columns, rows: piece.count)
    let check = try connection.query(
      sql.check, piece.flatMap { entry in columns.map { entry.values[$0] } + [entry.values[keyIndex]] })
    var found: [PostgresValue: (differs: Bool, holder: Int64?)] = [:]
    for row in 0..<check.count {
      found[PostgresValue(try check.sqlValue(row: row, column: 0))] =
        (check.bool(row: row, column: 1) ?? false, check.int64(row: row, column: 2))
    }
    let rowids = Set(targets.map(\.rowid))
    guard found.count == piece.count, !found.values.contains(where: { $0.holder.map(rowids.contains) ?? false }) else {
      return try piece.indices.map(single)
    }
    var outcomes: [UpsertOutcome<Model.ID>] = []
    var bound: [PostgresValue] = []
    var writes = 0
    for (index, entry) in piece.enumerated() {
      let (differs, holder) = found[targets[index].key] ?? (false, nil)
      let writing = differs && holder == nil
      if !differs {
        outcomes.append(.unchanged(targets[index].id))
        written[targets[index].rowid] = entry.row.origin
      } else if holder != nil {
        // A row that clashes goes alone, which finds what it clashes with and writes nothing.
        outcomes.append(try single(index))
      } else {
        outcomes.append(.updated(targets[index].id))
        written[targets[index].rowid] = entry.row.origin
        writes += 1
      }
      bound.append(.integer(writing ? 1 : 0))
      bound += columns.map { entry.values[$0] } + [entry.values[keyIndex]]
    }
    if writes > 0 {
      let updated = try connection.query(sql.update, bound).changedRows
      guard updated == writes else {
        throw RepositoryError.unavailable("an upsert of \(Model.self) updated \(updated) rows of \(writes)")
      }
    }
    return outcomes
  }

  /// Writes one encoded row; `stored`, when given, holds the `rowid` of each stored row by key
  /// for a row an insert just skipped.
  private func upsert(
    _ entry: InsertRun<Model>.Entry, stored: [PostgresValue: Int64]? = nil
  ) throws -> UpsertOutcome<Model.ID> {
    let (row, values, columns) = entry
    let id = row.model.id
    let key = values[table.primaryKeyIndex]
    let storedRow: Int64?
    if let stored {
      storedRow = stored[key]
    } else {
      let inserted = try connection.query(statements.insertUnlessStored, values)
      if let rowid = inserted.int64(row: 0, column: 0) {
        written[rowid] = row.origin
        return .inserted(id)
      }
      storedRow = try connection.query(statements.rowByKey, [key]).int64(row: 0, column: 0)
    }
    // Not inserted: the identifier is stored, or the values of a unique index are.
    let target: (key: PostgresValue, rowid: Int64, id: Model.ID)
    if let rowid = storedRow {
      target = (key, rowid, id)
    } else if row.match == .identifierOrUniqueKey, let holder = try holder(of: values) {
      target = holder
    } else {
      // Matched by identifier only, which is not stored: the unique values are another model's.
      guard let holder = try holder(of: values) else {
        throw RepositoryError.constraintViolation("\(Model.self) clashes with a stored model it cannot update")
      }
      return clash(with: holder.rowid, holder.id)
    }
    if let origin = written[target.rowid] { return .repeated(target.id, origin: origin) }
    let outcome = try update(setting: columns, of: target, values: values)
    if outcome.written != nil { written[target.rowid] = row.origin }
    return outcome
  }

  /// Sets `columns` of the target row to the encoded row's values: `.updated` when a value
  /// changed, `.unchanged` when none did, and what the row clashes with when its new values of
  /// a unique index are another row's.
  private func update(
    setting columns: [Int], of target: (key: PostgresValue, rowid: Int64, id: Model.ID), values: [PostgresValue]
  ) throws -> UpsertOutcome<Model.ID> {
    guard !columns.isEmpty else { return .unchanged(target.id) }
    let sql = self.sql(setting: columns, rows: 1)
    let bound = columns.map { values[$0] } + [target.key]
    let check = try connection.query(sql.check, bound)
    guard check.bool(row: 0, column: 1) == true else { return .unchanged(target.id) }
    if let holder = check.int64(row: 0, column: 2) {
      return clash(with: holder, try identifier(in: check))
    }
    _ = try connection.query(sql.update, [.integer(1)] + bound)
    return .updated(target.id)
  }

  /// The first stored row, in the order of the unique indexes, that holds the encoded row's
  /// values for one of them: its key, `rowid` and identifier, locked.
  private func holder(of values: [PostgresValue]) throws -> (key: PostgresValue, rowid: Int64, id: Model.ID)? {
    for holder in statements.holders {
      let result = try connection.query(holder.sql, holder.columns.map { values[$0] })
      guard let rowid = result.int64(row: 0, column: 1) else { continue }
      return (PostgresValue(try result.sqlValue(row: 0, column: 0)), rowid, try identifier(in: result))
    }
    return nil
  }

  /// What a row that cannot be written clashes with: a repeat when an earlier row of the
  /// transaction wrote the holder, else a conflict.
  private func clash(with rowid: Int64, _ id: Model.ID) -> UpsertOutcome<Model.ID> {
    if let origin = written[rowid] { return .repeated(id, origin: origin) }
    return .conflict(with: id)
  }

  /// The identifier in the first row of a result with a column named as the primary key.
  private func identifier(in result: PostgresResult) throws -> Model.ID {
    guard let id = try repository.definition.identifiers(Model.ID.self, in: result).first else {
      throw RepositoryError.unavailable("the server returned no key for a row of \(table.name)")
    }
    return id
  }

  /// The check and update of a set of columns in `rows` rows at once.
  private func sql(setting columns: [Int], rows: Int) -> (check: String, update: String) {
    let shape = UpdateShape(columns: columns, rows: rows)
    if let sql = updates[shape] { return sql }
    let sql = (
      statements.check(setting: columns, rows: rows),
      repository.statements.update(
        rows: rows, setting: columns, bound: columns + [table.primaryKeyIndex], flagged: true)
    )
    updates[shape] = sql
    return sql
  }
}

/// The columns an update of an upsert session sets, by index, and how many rows it writes at
/// once: what its SQL depends on.
private struct UpdateShape: Hashable {
  let columns: [Int]
  let rows: Int
}

/// Rows of a batch upsert, in a row, that one insert may store at once: each writes every
/// column of the model's unique indexes, and no two have the same identifier or the same values
/// for a unique index. A row the insert skips (its identifier or unique values are stored) is
/// then written alone, after the rows the insert stored: storing those first changes nothing
/// it finds, since they share none of its values, and its update, which writes all its unique
/// values, can clash with none of them.
private struct InsertRun<Model: Identifiable & Sendable> where Model.ID: Sendable {
  typealias Entry = (row: Upsert<Model>, values: [PostgresValue], columns: [Int])
  private(set) var rows: [Entry] = []
  private var keys: Set<PostgresValue> = []
  /// Each row's values of each unique index, after the index's number.
  private var tuples: Set<[PostgresValue]> = []

  /// Whether a row with these values may join: it repeats no identifier or unique values of
  /// the run's rows.
  func accepts(_ values: [PostgresValue], table: TableSchema, unique: [[Int]]) -> Bool {
    !keys.contains(values[table.primaryKeyIndex])
      && unique.enumerated().allSatisfy { !tuples.contains(Self.tuple($0, $1, values)) }
  }

  mutating func append(_ entry: Entry, table: TableSchema, unique: [[Int]]) {
    rows.append(entry)
    keys.insert(entry.values[table.primaryKeyIndex])
    for (number, columns) in unique.enumerated() { tuples.insert(Self.tuple(number, columns, entry.values)) }
  }

  private static func tuple(_ number: Int, _ columns: [Int], _ values: [PostgresValue]) -> [PostgresValue] {
    [.integer(Int64(number))] + columns.map { values[$0] }
  }
}
