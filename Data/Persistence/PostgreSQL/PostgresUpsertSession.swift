import Foundation
import PostgresCore
import Repositories
import SQLiteCore

/// The batch upserts of one model type in one ``PostgresUnitOfWork`` transaction
/// (`RepositoryTransaction.upsert(_:)` with `Upsert` rows), living until the transaction ends.
///
/// Each row is first inserted with `INSERT … ON CONFLICT DO NOTHING`, one round trip for a new
/// model. A row that was not inserted finds the stored model it matches (locking it), asks the
/// server in one statement whether its values differ and whether another model holds the
/// unique values the update would give it, and only then updates: PostgreSQL fails the whole
/// transaction on a statement that breaks a rule, so a clash is found before, never caught.
///
/// The rows written are remembered in memory, by `rowid` with the origin of the upsert row
/// that wrote them, rather than in a temporary table as on SQLite: on a server, a table would
/// cost a round trip for every row to record it and another to look it up, which would double
/// an import's time, while the memory is small (about 40 bytes a row: 4 MB for 100,000 rows,
/// 400 MB for ten million in one transaction).
final class PostgresUpsertSession<Model: PersistentModel> {
  private let repository: PostgresRepository<Model>
  private let connection: PostgresConnection
  private let statements: PostgresUpsertStatements
  private let encoder: RowEncoder
  /// The origin of the upsert row that wrote each row, by `rowid`.
  private var written: [Int64: Int] = [:]
  /// The SQL of the check and the update of each set of columns, made once.
  private var updates: [[Int]: (check: String, update: String)] = [:]
  /// The columns each list of properties sets.
  private var upsertColumns: UpsertColumns

  private var table: TableSchema { repository.definition.table }

  init(repository: PostgresRepository<Model>, connection: PostgresConnection) {
    self.repository = repository
    self.connection = connection
    statements = PostgresUpsertStatements(repository.definition, insert: repository.statements.insert)
    encoder = RowEncoder(table: repository.definition.table)
    upsertColumns = UpsertColumns(of: repository.definition.table, modelName: "\(Model.self)")
  }

  /// Writes each row and returns, in order, what became of it.
  func upsert(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>] {
    try rows.map(upsert)
  }

  private func upsert(_ row: Upsert<Model>) throws -> UpsertOutcome<Model.ID> {
    let columns = try upsertColumns.columns(of: row.properties?.map { $0 as AnyKeyPath })
    try encoder.encode(row.model)
    let values = encoder.values.map(PostgresValue.init)
    let id = row.model.id
    let inserted = try connection.query(statements.insertUnlessStored, values)
    if let rowid = inserted.int64(row: 0, column: 0) {
      written[rowid] = row.origin
      return .inserted(id)
    }
    // Not inserted: the identifier is stored, or the values of a unique index are.
    let target: (key: PostgresValue, rowid: Int64, id: Model.ID)
    let key = values[table.primaryKeyIndex]
    if let rowid = try connection.query(statements.rowByKey, [key]).int64(row: 0, column: 0) {
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
    let sql = self.sql(setting: columns)
    let bound = columns.map { values[$0] } + [target.key]
    let check = try connection.query(sql.check, bound)
    guard check.bool(row: 0, column: 0) == true else { return .unchanged(target.id) }
    if let holder = check.int64(row: 0, column: 1) {
      return clash(with: holder, try identifier(in: check))
    }
    _ = try connection.query(sql.update, bound)
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

  /// The check and update of a set of columns.
  private func sql(setting columns: [Int]) -> (check: String, update: String) {
    if let sql = updates[columns] { return sql }
    let sql = (statements.check(setting: columns), statements.update(setting: columns))
    updates[columns] = sql
    return sql
  }
}
