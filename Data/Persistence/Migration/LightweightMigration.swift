import Foundation
import SQLValues
import SQLiteCore

/// The changes that take a store's tables from one schema to the next, computed from the two
/// schemas, keeping every row.
///
/// A table whose columns or foreign keys change is rebuilt as sqlite.org describes: create the
/// new table under a temporary name, copy the rows, drop the old table, rename the new one and
/// create its indexes. A table whose columns stay only gains or loses indexes. Tables new in
/// the schema are created, tables gone are dropped. A table's substring index (``SearchIndex``)
/// is created and filled when it gains one, dropped when it loses it, and filled again when the
/// table is rebuilt. Everything that can be refused — a type
/// change, a new required attribute without a default, a unique constraint the stored rows
/// break — is checked before anything changes. The caller runs it inside one transaction with
/// foreign keys off, and checks them afterwards.
struct LightweightMigration {
  let old: [TableSchema]
  let new: [TableSchema]

  /// A table that is rebuilt: its new schema and the expression that fills each column.
  private struct Rebuild {
    let table: TableSchema
    let sources: [String]
    let bindings: [SQLValue]
  }

  /// Checks the migration, then makes its changes on a connection.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` naming what cannot be migrated, before
  ///   any change; or the SQLite error of a change that fails.
  func run(on connection: Connection) throws {
    let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(new.map(\.name))
    var rebuilds: [Rebuild] = []
    var indexChanges: [(table: TableSchema, dropped: [IndexDescription], added: [IndexDescription])] = []
    for table in new {
      guard let previous = oldByName[table.name] else { continue }
      if previous.columns != table.columns || previous.foreignKeys != table.foreignKeys
        || previous.primaryKey != table.primaryKey
      {
        let rebuild = try self.rebuild(table, from: previous)
        for index in table.indexes where index.isUnique {
          try checkUnique(index, of: table, from: previous, sources: rebuild, on: connection)
        }
        rebuilds.append(rebuild)
      } else {
        let added = table.indexes.filter { !previous.indexes.contains($0) }
        for index in added where index.isUnique {
          try checkUnique(
            index, of: table, from: previous, sources: try self.rebuild(table, from: previous), on: connection)
        }
        indexChanges.append((table, previous.indexes.filter { !table.indexes.contains($0) }, added))
      }
    }
    for table in old where !newNames.contains(table.name) {
      try connection.execute("DROP TABLE \(table.quotedName)")
      for statement in SearchIndex.dropStatements(forTable: table.name) { try connection.execute(statement) }
    }
    for change in indexChanges {
      for index in change.dropped {
        try connection.execute("DROP INDEX IF EXISTS \(SQLIdentifier.quote(index.name(in: change.table.name)))")
      }
      for index in change.added { try connection.execute(change.table.createStatement(for: index)) }
    }
    for rebuild in rebuilds { try run(rebuild, on: connection) }
    // A rebuilt table's rows have new rowids: its substring index is made again from them. Other
    // tables gain, lose or keep theirs as their schema now declares.
    let rebuilt = Set(rebuilds.map(\.table.name))
    for table in new where oldByName[table.name] != nil {
      try SearchIndex.prepare(table, refill: rebuilt.contains(table.name), on: connection)
    }
    for table in new where oldByName[table.name] == nil {
      for statement in table.createStatements { try connection.execute(statement) }
    }
  }

  /// How each column of the new table is filled from the old one.
  private func rebuild(_ table: TableSchema, from previous: TableSchema) throws -> Rebuild {
    var sources: [String] = []
    var bindings: [SQLValue] = []
    for column in table.columns {
      let sourceName = [column.name, table.originalNames[column.name]].compactMap { $0 }
        .first { name in previous.columns.contains { $0.name == name } }
      if let sourceName, let source = previous.columns.first(where: { $0.name == sourceName }) {
        guard source.kind.sqlType == column.kind.sqlType else {
          throw PersistenceError.invalidSchema(
            "\(table.name).\(column.name) changes from \(source.kind.sqlType) to \(column.kind.sqlType); "
              + "a custom migration stage must convert it")
        }
        if source.isOptional, !column.isOptional, let value = table.defaults[column.name] {
          bindings.append(value)
          sources.append("COALESCE(\(SQLIdentifier.quote(sourceName)), ?\(bindings.count))")
        } else {
          sources.append(SQLIdentifier.quote(sourceName))
        }
      } else if let value = table.defaults[column.name] {
        bindings.append(value)
        sources.append("?\(bindings.count)")
      } else if column.isOptional {
        sources.append("NULL")
      } else {
        throw PersistenceError.invalidSchema(
          "\(table.name).\(column.name) is new and not optional; declare its default with Entity(defaults:) "
            + "or make it optional")
      }
    }
    return Rebuild(table: table, sources: sources, bindings: bindings)
  }

  /// Refuses a unique index that rows already stored would break, naming the values they share.
  private func checkUnique(
    _ index: IndexDescription, of table: TableSchema, from previous: TableSchema, sources: Rebuild,
    on connection: Connection
  ) throws {
    let expressions = index.columns.compactMap { name in
      table.columns.firstIndex { $0.name == name }.map { sources.sources[$0] }
    }
    // SQLite lets rows share NULL in a unique index.
    let present = expressions.map { "\($0) IS NOT NULL" }.joined(separator: " AND ")
    let statement = try connection.statement(
      "SELECT \(expressions.joined(separator: ", ")), count(*) FROM \(previous.quotedName) WHERE \(present) "
        + "GROUP BY \(expressions.joined(separator: ", ")) HAVING count(*) > 1 LIMIT 1")
    defer { statement.reset() }
    // The expressions use only some of the rebuild's parameters: ?1 to the highest they name.
    try statement.bind(Array(sources.bindings.prefix(Int(statement.parameterCount))))
    guard try statement.step() else { return }
    let values = (0..<Int32(expressions.count)).map { Self.literal(statement.value(at: $0)) }.joined(separator: ", ")
    let count = statement.int64(at: Int32(expressions.count))
    throw PersistenceError.invalidSchema(
      "\(table.name) cannot make (\(index.columns.joined(separator: ", "))) unique: \(count) stored rows share "
        + "(\(values)); a custom migration stage must resolve them first")
  }

  /// A stored value as SQL writes it, for messages.
  private static func literal(_ value: SQLValue) -> String {
    switch value {
    case .null: "NULL"
    case .integer(let number): "\(number)"
    case .real(let number): "\(number)"
    case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    case .blob(let data): "x'" + data.map { String(format: "%02x", $0) }.joined() + "'"
    }
  }

  private func run(_ rebuild: Rebuild, on connection: Connection) throws {
    let table = rebuild.table
    let temporary = "_migrating_\(table.name)"
    try connection.execute(table.createTableStatement(named: temporary))
    let insert = try connection.statement(
      "INSERT INTO \(SQLIdentifier.quote(temporary)) (\(table.quotedColumns)) "
        + "SELECT \(rebuild.sources.joined(separator: ", ")) FROM \(table.quotedName)")
    try insert.bind(rebuild.bindings)
    try insert.run()
    try connection.execute("DROP TABLE \(table.quotedName)")
    try connection.execute("ALTER TABLE \(SQLIdentifier.quote(temporary)) RENAME TO \(table.quotedName)")
    for statement in table.indexStatements { try connection.execute(statement) }
  }
}
