import SQLValues
import SQLiteCore

/// How a store is recognized and brought to its models' schema when it opens: the same steps
/// for a store being created and for one that exists.
struct StorePreparation {
  let configuration: ModelConfiguration
  let tables: [TableSchema]
  let migrator: StoreMigrator?
  /// The real path of the store's file, beside which a migration's backup goes.
  let realPath: String
  let external: ExternalFiles?

  /// Checks, reading only, that a connection's database is a store these models may use:
  /// no trigger, view or virtual table; with a migrator, empty or a version of its plan;
  /// without, empty or holding one of the tables, the history or a schema record; and every
  /// table of the engine's defined as the engine defines it.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` saying why it is not.
  func recognize(on connection: Connection) throws {
    try SchemaGuard.check(connection, path: configuration.path)
    if let migrator { return try migrator.recognize(connection, path: configuration.path) }
    let statement = try connection.statement(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    defer { statement.reset() }
    var names = Set<String>()
    while try statement.step() { names.insert(statement.text(at: 0).lowercased()) }
    let ours = Set(
      tables.map { $0.name.lowercased() } + [HistoryLog.transactions, SchemaRecord.table, ExternalManifest.table])
    guard names.isEmpty || !names.isDisjoint(with: ours) else {
      throw PersistenceError.cannotOpen(
        path: configuration.path, reason: "it holds none of the models' tables; it is another application's database")
    }
    try SchemaGuard.checkDefinitions(connection, of: tables, exact: false, path: configuration.path)
  }

  /// Migrates the store or creates its missing tables, and its history tables; returns the
  /// version the store was migrated from, or `nil` if it was not (``StoreMigrator/prepare(_:path:realPath:allowsSave:external:vfs:)``).
  @discardableResult
  func run(on connection: Connection) throws -> Schema.Version? {
    var migrated: Schema.Version?
    if let migrator {
      migrated = try migrator.prepare(
        connection, path: configuration.path, realPath: realPath, allowsSave: configuration.allowsSave,
        external: external, vfs: configuration.vfs)
    } else {
      try Self.prepareTables(tables, on: connection, create: configuration.allowsSave)
    }
    // A store with external files lists those it writes; one from before the manifest gets
    // one listing the files its rows name.
    if configuration.allowsSave, !connection.isReadOnly, external != nil, try !ExternalManifest.exists(on: connection) {
      try connection.writeTransaction { try ExternalManifest.create(adopting: tables, on: connection) }
    }
    // Only a store without history tables, or with a history from before the attributes and
    // preserved values of changes, takes the write lock to create or upgrade them.
    if configuration.allowsSave, configuration.keepsHistory, !connection.isReadOnly,
      try !HistoryLog.exists(on: connection) || HistoryLog.needsUpgrade(on: connection)
    {
      try connection.writeTransaction { try HistoryLog.prepare(on: connection) }
    }
    return migrated
  }

  /// Creates missing tables and indexes, and checks that existing tables have every column.
  private static func prepareTables(
    _ tables: [TableSchema], on connection: Connection, create: Bool
  ) throws {
    let work = {
      for table in tables {
        let existing = try existingColumns(of: table, on: connection)
        if existing.isEmpty {
          guard create else {
            throw PersistenceError.invalidSchema(
              "the read-only store has no table \(table.quotedName)")
          }
          for statement in table.createStatements { try connection.execute(statement) }
          continue
        }
        let missing = table.columns.map(\.name).filter { !existing.contains($0) }
        if let renamed = missing.first(where: { table.originalNames[$0].map(existing.contains) == true }),
          let original = table.originalNames[renamed]
        {
          throw PersistenceError.invalidSchema(
            "the store's table \(table.quotedName) still calls '\(renamed)' by its original name '\(original)'; it needs a migration"
          )
        }
        guard missing.isEmpty else {
          throw PersistenceError.invalidSchema(
            "the store's table \(table.quotedName) lacks the columns \(missing.joined(separator: ", ")); it needs a migration"
          )
        }
        if create {
          for statement in table.indexStatements { try connection.execute(statement) }
          try SearchIndex.prepare(table, on: connection)
        } else if let index = SearchIndex(table), try !index.isStored(on: connection) {
          throw PersistenceError.invalidSchema(
            "the read-only store has no search index of \(table.quotedName); open it writable once to create it")
        }
      }
    }
    if create { try connection.writeTransaction(work) } else { try work() }
  }

  static func existingColumns(of table: TableSchema, on connection: Connection) throws -> Set<String> {
    let statement = try connection.statement("SELECT name FROM pragma_table_info(?)")
    defer { statement.reset() }
    try statement.bind(.text(table.name), at: 1)
    var names = Set<String>()
    while try statement.step() { names.insert(statement.text(at: 0)) }
    return names
  }
}
