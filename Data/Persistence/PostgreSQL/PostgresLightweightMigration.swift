import Foundation
import PostgresCore
import SQLValues

/// The changes that take a PostgreSQL store's tables from one schema to the next, computed from
/// the two schemas, keeping every row: PostgreSQL alters a table in place (`ALTER TABLE`), so
/// no table is rebuilt, and its rows keep their `rowid`s and so their order.
///
/// Columns are renamed (`Entity(renamed:)`), dropped, added (with their declared default, or
/// `NULL`) and made optional or required; indexes and unique constraints dropped or added;
/// tables dropped or created; relationships whose delete rule or columns change are dropped and
/// added again. Everything that can be refused — a type change, a new required attribute
/// without a default, a unique constraint the stored rows break — is checked before it is made
/// and named in the error. The caller runs it inside the migration's one transaction, with the
/// history's triggers off, and records the history again afterwards.
struct PostgresLightweightMigration {
  let old: [TableSchema]
  let new: [TableSchema]

  /// How one column of a kept table is filled: from a column of the old table (under its old
  /// name), or new.
  private struct ColumnChange {
    let column: Column
    /// The old table's column it keeps the values of, or `nil` for a new column.
    let source: Column?
    /// The value rows without one get: the column's declared default.
    let fill: SQLValue?
  }

  /// Checks the migration, then makes its changes on a connection.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` naming what cannot be migrated; or the
  ///   server's error for a change it refuses.
  func run(on connection: PostgresConnection) throws {
    let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(new.map(\.name))
    let kept = try new.compactMap { table in
      try oldByName[table.name].map { (previous: $0, table: table, columns: try changes(of: table, from: $0)) }
    }
    let rekeyed = kept.filter { $0.previous.foreignKeys != $0.table.foreignKeys }
    for (previous, _, _) in rekeyed { try dropConstraints(of: previous, kind: "f", on: connection) }
    for table in old where !newNames.contains(table.name) {
      try connection.execute("DROP TABLE \(table.quotedName)")
      // The functions its triggers called go with it.
      for function in [PostgresHistory.triggerFunction(of: table.name), PostgresFamilyKeys.function(of: table.name)] {
        try connection.execute("DROP FUNCTION IF EXISTS \(SQLIdentifier.quote(function))()")
      }
    }
    for (previous, table, columns) in kept {
      try alter(table, from: previous, columns: columns, on: connection)
    }
    let created = new.filter { oldByName[$0.name] == nil }.map { PostgresTableDefinition($0, model: $0.name) }
    for definition in created {
      try connection.execute(definition.createTableStatement)
      for statement in definition.indexStatements { try connection.execute(statement) }
    }
    for definition in rekeyed.map({ PostgresTableDefinition($0.table, model: $0.table.name) }) + created {
      for statement in definition.foreignKeyStatements { try connection.execute(statement) }
    }
  }

  /// How each column of the new table is filled, refusing what a lightweight migration cannot
  /// do.
  private func changes(of table: TableSchema, from previous: TableSchema) throws -> [ColumnChange] {
    try table.columns.map { column in
      let source = [column.name, table.originalNames[column.name]].compactMap { $0 }
        .lazy.compactMap { name in previous.columns.first { $0.name == name } }.first
      let fill = table.defaults[column.name]
      if let source, source.kind.postgresType != column.kind.postgresType {
        throw PersistenceError.invalidSchema(
          "\(table.name).\(column.name) changes from \(source.kind.postgresType) to \(column.kind.postgresType); "
            + "a custom migration stage must convert it")
      }
      if source == nil, fill == nil, !column.isOptional {
        throw PersistenceError.invalidSchema(
          "\(table.name).\(column.name) is new and not optional; declare its default with Entity(defaults:) "
            + "or make it optional")
      }
      return ColumnChange(column: column, source: source, fill: fill)
    }
  }

  /// Alters a kept table: its dropped indexes go first (a dropped column takes its own along),
  /// then its columns change, its primary key if it moved, and its new indexes come last, each
  /// unique one checked against the rows.
  private func alter(
    _ table: TableSchema, from previous: TableSchema, columns: [ColumnChange], on connection: PostgresConnection
  ) throws {
    let name = table.quotedName
    let oldIndexes = Dictionary(
      previous.indexes.map { ($0.name(in: previous.name), $0) }, uniquingKeysWith: { first, _ in first })
    let newIndexes = Set(table.indexes.map { $0.name(in: table.name) })
    for (index, _) in oldIndexes where !newIndexes.contains(index) {
      try connection.execute("DROP INDEX IF EXISTS \(SQLIdentifier.quote(index))")
    }
    let sourced = Set(columns.compactMap { $0.source?.name })
    for column in previous.columns where !sourced.contains(column.name) {
      try connection.execute("ALTER TABLE \(name) DROP COLUMN \(SQLIdentifier.quote(column.name))")
    }
    for change in columns {
      let column = SQLIdentifier.quote(change.column.name)
      if let source = change.source {
        if source.name != change.column.name {
          try connection.execute("ALTER TABLE \(name) RENAME COLUMN \(SQLIdentifier.quote(source.name)) TO \(column)")
        }
        if source.isOptional == change.column.isOptional { continue }
        guard source.isOptional else {
          try connection.execute("ALTER TABLE \(name) ALTER COLUMN \(column) DROP NOT NULL")
          continue
        }
      } else {
        try connection.execute("ALTER TABLE \(name) ADD COLUMN \(column) \(change.column.kind.postgresType)")
      }
      if let fill = change.fill {
        _ = try connection.query(
          "UPDATE \(name) SET \(column) = \(change.column.kind.postgresWrite("$1")) WHERE \(column) IS NULL",
          [PostgresValue(fill)])
      }
      if !change.column.isOptional {
        try connection.execute("ALTER TABLE \(name) ALTER COLUMN \(column) SET NOT NULL")
      }
    }
    if previous.primaryKey != table.primaryKey {
      try dropConstraints(of: table, kind: "p", on: connection)
      try connection.execute("ALTER TABLE \(name) ADD PRIMARY KEY (\(SQLIdentifier.quote(table.primaryKey)))")
    }
    let definition = PostgresTableDefinition(table, model: table.name)
    for (index, statement) in zip(table.indexes, definition.indexStatements)
    where oldIndexes[index.name(in: table.name)] != index {
      if index.isUnique { try checkUnique(index, of: table, on: connection) }
      try connection.execute(statement)
    }
  }

  /// Drops a table's constraints of a kind: `f` its foreign keys, `p` its primary key.
  private func dropConstraints(of table: TableSchema, kind: String, on connection: PostgresConnection) throws {
    let names = try connection.query(
      "SELECT conname FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = $2 ORDER BY conname",
      [.text(table.quotedName), .text(kind)])
    for row in 0..<names.count {
      guard let constraint = names.text(row: row, column: 0) else { continue }
      try connection.execute("ALTER TABLE \(table.quotedName) DROP CONSTRAINT \(SQLIdentifier.quote(constraint))")
    }
  }

  /// Refuses a unique index that rows already stored would break, naming the values they share.
  private func checkUnique(_ index: IndexDescription, of table: TableSchema, on connection: PostgresConnection) throws {
    let columns = index.columns.map(SQLIdentifier.quote)
    // Rows may share NULL in a unique index, as on SQLite.
    let present = columns.map { "\($0) IS NOT NULL" }.joined(separator: " AND ")
    let shared = try connection.query(
      "SELECT \(columns.map { "\($0)::text" }.joined(separator: ", ")), count(*) FROM \(table.quotedName) "
        + "WHERE \(present) GROUP BY \(columns.joined(separator: ", ")) HAVING count(*) > 1 LIMIT 1")
    guard shared.count > 0 else { return }
    let values = columns.indices.map { column in
      "'" + PostgresText.unescaped(shared.text(row: 0, column: column) ?? "").replacingOccurrences(of: "'", with: "''")
        + "'"
    }
    throw PersistenceError.invalidSchema(
      "\(table.name) cannot make (\(index.columns.joined(separator: ", "))) unique: "
        + "\(shared.int64(row: 0, column: columns.count) ?? 0) stored rows share (\(values.joined(separator: ", "))); "
        + "a custom migration stage must resolve them first")
  }
}
