import PostgresCore

/// The fixed SQL of a table's writes and lookups on PostgreSQL, numbered once per repository.
///
/// An encoded row's values are in column order; each statement says how it binds them.
struct PostgresStatements: Sendable {
  /// The `INSERT` of one row, bound in column order.
  let insert: String
  /// The `COPY … FROM STDIN` of rows in column order (see ``copyValues(_:)``).
  let copy: String
  /// The `UPDATE` of every column but the key, bound by ``updateValues(_:)``.
  let update: String
  /// The whole row with a bound key, locked until the transaction ends.
  let selectForUpdate: String
  /// The whole rows whose keys are in a bound array.
  let selectByIDs: String
  /// The keys (named as the primary key) of the rows whose keys are in a bound array.
  let selectIDs: String
  /// The delete of the rows whose keys are in a bound array, returning their keys.
  let deleteByIDs: String
  /// For each unique rule, in declaration order: the `UPDATE` of the other columns of the row
  /// holding the encoded row's values in the rule's columns.
  let updateByUnique: [UniqueUpdate]
  private let keyIndex: Int
  /// The head of the insert (`INSERT INTO t (columns) VALUES `) and each column's placeholder
  /// form, for inserts of many rows in one statement.
  private let insertHead: String
  private let table: TableSchema

  init(_ definition: PostgresTableDefinition) {
    let table = definition.table
    let name = table.quotedName
    keyIndex = table.primaryKeyIndex
    let placeholders = table.columns.enumerated().map { $1.kind.postgresWrite("$\($0 + 1)") }
    insertHead =
      "INSERT INTO \(name) (\(table.columns.map { SQLIdentifier.quote($0.name) }.joined(separator: ", "))) VALUES "
    insert = insertHead + "(\(placeholders.joined(separator: ", ")))"
    copy = "COPY \(name) (\(table.columns.map { SQLIdentifier.quote($0.name) }.joined(separator: ", "))) FROM STDIN"
    self.table = table
    let others = table.columns.indices.filter { $0 != table.primaryKeyIndex }
    // The update binds the other columns first, then the key.
    let assignments = others.enumerated().map { position, column in
      "\(SQLIdentifier.quote(table.columns[column].name)) = \(table.columns[column].kind.postgresWrite("$\(position + 1)"))"
    }
    let key = SQLIdentifier.quote(table.primaryKey)
    let keyKind = table.columns[table.primaryKeyIndex].kind
    update =
      "UPDATE \(name) SET \(assignments.joined(separator: ", ")) "
      + "WHERE \(key) = \(keyKind.postgresWrite("$\(others.count + 1)"))"
    selectForUpdate =
      "SELECT \(definition.selectColumns) FROM \(name) WHERE \(key) = \(keyKind.postgresWrite("$1")) FOR UPDATE"
    // The keys travel as one JSON array (UUIDs as hex), read back as the key's type.
    let keys = "SELECT (jsonb_array_elements_text($1::jsonb))::\(keyKind == .uuid ? "uuid" : keyKind.postgresType)"
    selectByIDs = "SELECT \(definition.selectColumns) FROM \(name) WHERE \(key) IN (\(keys))"
    selectIDs = "SELECT \(keyKind.postgresRead(key)) AS \(key) FROM \(name) WHERE \(key) IN (\(keys))"
    deleteByIDs =
      "DELETE FROM \(name) WHERE \(key) IN (\(keys)) RETURNING \(keyKind.postgresRead(key)) AS \(key)"
    updateByUnique = table.indexes.filter(\.isUnique).map { index in
      let matched = index.columns.compactMap { table.columnIndex(named: $0) }
      let set = table.columns.indices.filter { $0 != table.primaryKeyIndex && !matched.contains($0) }
      // Parameters numbered in the order they are bound: the set columns, then the matched ones.
      let bound = set + matched
      let placeholder = { (column: Int) in
        table.columns[column].kind.postgresWrite("$\((bound.firstIndex(of: column) ?? 0) + 1)")
      }
      let assignments = set.map { "\(SQLIdentifier.quote(table.columns[$0].name)) = \(placeholder($0))" }
      let condition = matched.map { "\(SQLIdentifier.quote(table.columns[$0].name)) = \(placeholder($0))" }
      // A rule on every column but the key has nothing to update; touching the key keeps the
      // statement an UPDATE that reports the row it matched.
      let setClause = assignments.isEmpty ? "\(key) = \(key)" : assignments.joined(separator: ", ")
      return UniqueUpdate(
        sql: "UPDATE \(name) SET \(setClause) WHERE \(condition.joined(separator: " AND "))", columns: bound)
    }
  }

  /// The most rows one insert or update statement carries: a few hundred, and never more
  /// parameters than PostgreSQL's limit of 65,535.
  var rowsPerInsert: Int { max(1, min(256, 65_535 / max(1, table.columns.count + 1))) }

  /// The `INSERT` of `count` rows in one statement, bound row after row in column order.
  func insert(rows count: Int) -> String {
    guard count > 1 else { return insert }
    return insertHead + Self.values(rows: count, kinds: table.columns.map(\.kind), typed: false)
  }

  /// The `UPDATE` of `count` stored rows in one statement, each found by its key, which sets
  /// the columns `setting` (by index; never the key) of each; no two rows may have the same
  /// key. Each row is bound as the columns `bound` (by index, the key among them), after a
  /// flag when `flagged` (``PostgresValue/integer(_:)`` 1 or 0): a row flagged 0 is left as it is.
  func update(rows count: Int, setting: [Int], bound: [Int], flagged: Bool) -> String {
    let key = SQLIdentifier.quote(table.primaryKey)
    let assignments = setting.map { SQLIdentifier.quote(table.columns[$0].name) }.map { "\($0) = v.\($0)" }
    // Nothing to set: setting the key to itself keeps the statement an UPDATE that reports the
    // rows it matched.
    let set = assignments.isEmpty ? "\(key) = v.\(key)" : assignments.joined(separator: ", ")
    let kinds = (flagged ? [ValueKind.bool] : []) + bound.map { table.columns[$0].kind }
    let names = (flagged ? [#""_write""#] : []) + bound.map { SQLIdentifier.quote(table.columns[$0].name) }
    return
      "UPDATE \(table.quotedName) AS s SET \(set) FROM (VALUES \(Self.values(rows: count, kinds: kinds, typed: true))) "
      + "AS v (\(names.joined(separator: ", "))) WHERE s.\(key) = v.\(key)\(flagged ? #" AND v."_write""# : "")"
  }

  /// `($1, $2, …), ($n, …)`: `count` rows of placeholders of `kinds`, each as a column of its
  /// kind stores it, typed when no column of a table says what it is (`typed`).
  static func values(rows count: Int, kinds: [ValueKind], typed: Bool) -> String {
    var sql = ""
    var number = 1
    for row in 0..<count {
      sql += row == 0 ? "(" : ", ("
      for (column, kind) in kinds.enumerated() {
        if column > 0 { sql += ", " }
        sql += typed ? kind.postgresTypedWrite("$\(number)") : kind.postgresWrite("$\(number)")
        number += 1
      }
      sql += ")"
    }
    return sql
  }

  /// Encoded rows' values as ``copy`` sends them, or `nil` when a value cannot go that way (see
  /// ``ValueKind/postgresCopyValue(_:)``).
  func copyValues(_ rows: [[PostgresValue]]) -> [[PostgresValue]]? {
    var copied: [[PostgresValue]] = []
    copied.reserveCapacity(rows.count)
    for row in rows {
      var values: [PostgresValue] = []
      values.reserveCapacity(row.count)
      for (column, value) in zip(table.columns, row) {
        guard let value = column.kind.postgresCopyValue(value) else { return nil }
        values.append(value)
      }
      copied.append(values)
    }
    return copied
  }

  /// An encoded row's values in ``update``'s order: the other columns, then the key.
  func updateValues(_ row: [PostgresValue]) -> [PostgresValue] {
    row.indices.filter { $0 != keyIndex }.map { row[$0] } + [row[keyIndex]]
  }

  /// Stores an encoded row as an upsert does: updates the row with its key, else the row
  /// holding its values of a unique rule, else inserts it.
  func upsert(_ row: [PostgresValue], on connection: PostgresConnection) throws {
    if try connection.query(update, updateValues(row)).changedRows > 0 { return }
    for statement in updateByUnique
    where try connection.query(statement.sql, statement.columns.map { row[$0] }).changedRows > 0 {
      return
    }
    _ = try connection.query(insert, row)
  }
}

/// The `UPDATE` of the row that holds an encoded row's values of one unique rule, and the
/// columns (by index) it binds, in order.
struct UniqueUpdate: Sendable {
  let sql: String
  let columns: [Int]
}
