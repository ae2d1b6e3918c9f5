import Foundation
public import PostgresCore
import Synchronization

/// The models of a schema on a PostgreSQL server: the store a ``PostgresRepository`` reads
/// and writes, for several processes or machines sharing one catalog.
///
/// <!-- snippet context: server -->
/// ```swift
/// let store = try await PostgresStore(url: url, for: [Movie.self])
/// let movies = try PostgresRepository<Movie>(store: store)
/// ```
///
/// Opening creates the tables the database lacks, with their indexes and relationships, in one
/// transaction; several processes opening at once create them once. A database that has them
/// all is only read: opening it makes no DDL, so a role that may only read opens it. A table that is there
/// already must be the one the model declares (columns, types, collations, nullability, its
/// history triggers — those an earlier version of the engine made are replaced), else opening
/// fails naming the differences and changes nothing. Each model is stored as on SQLite, with
/// the same values: UUIDs as `uuid`, Booleans as `boolean`, dates exactly (as
/// `double precision` seconds since 2001), text compared as Swift compares it, attributes
/// declared with external storage in the row.
public final class PostgresStore: Sendable {
  /// The connections the store's repositories share.
  public let pool: PostgresPool
  /// The contexts writing the store, which closing saves or refuses to drop.
  let contexts = Mutex(TrackedContexts())
  /// Each model's table as PostgreSQL declares it, by model type.
  let definitions: [ObjectIdentifier: PostgresTableDefinition]
  /// Each model's table as the query builder reads it, by model type (for reference filters).
  let tables: [ObjectIdentifier: TableSchema]

  /// Connects to the database at `url` (a libpq connection string, such as
  /// `postgres://user@host:port/database`) and creates the tables of `types` it lacks.
  ///
  /// - Parameters:
  ///   - url: the database's connection string.
  ///   - types: the model types the store holds.
  ///   - poolSize: the most connections the store opens at once.
  ///   - busyTimeout: how long opening a connection waits for a server that serves as many
  ///     connections as it may (as `PostgresPool.busyTimeout` does).
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a model that cannot be stored, or a
  ///   table of that name that differs from the model's declaration;
  ///   ``PersistenceError/postgres(_:)`` if the server cannot be reached or refuses to
  ///   create a table — nothing is created then.
  public convenience init(
    url: String, for types: [any PersistentModel.Type], poolSize: Int = 8, busyTimeout: Duration = .seconds(5)
  ) async throws(PersistenceError) {
    var tables: [ObjectIdentifier: PostgresTableDefinition] = [:]
    for model in Schema(types).models {
      tables[model.identifier] = PostgresTableDefinition(try model.resolveInRow(), model: model.name)
    }
    try await self.init(url: url, tables: tables, migrator: nil, poolSize: poolSize, busyTimeout: busyTimeout)
  }

  /// Connects to the database at `url` and brings it to the latest version of a migration
  /// plan, whose models `types` must be: a new database gets that version's tables; one of an
  /// older version is migrated through the plan's stages; one of the latest version gets the
  /// tables of models added to it since. The version is recorded in the database (a one-row
  /// table, `_schema_version`). A database with the models' tables but no record — made without
  /// a plan — is recognized by its tables: those of the latest version (it is then recorded as
  /// such), else those of an older one, whole.
  ///
  /// All of it is one transaction, under the store's advisory lock: several processes opening
  /// an old database at once migrate it once, and a stage that fails leaves the database
  /// exactly as it was — tables, rows and version.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a plan that is not valid, or `types`
  ///   that are not its latest version's models; ``PersistenceError/cannotOpen(path:reason:)``
  ///   for a database of a newer or unknown version, or whose tables are not its version's;
  ///   ``PersistenceError/migrationFailed(path:reason:)`` when a stage fails;
  ///   ``PersistenceError/postgres(_:)`` if the server cannot be reached.
  public convenience init(
    url: String, for types: [any PersistentModel.Type], migrationPlan: any SchemaMigrationPlan.Type,
    poolSize: Int = 8, busyTimeout: Duration = .seconds(5)
  ) async throws(PersistenceError) {
    let migrator = try PostgresMigrator(plan: migrationPlan)
    var resolved: [ObjectIdentifier: TableSchema] = [:]
    for model in Schema(types).models { resolved[model.identifier] = try model.resolveInRow() }
    guard resolved == migrator.plan.latestTables else {
      throw .invalidSchema(
        "the models given are not those of the migration plan's latest version, \(migrator.plan.latest.number)")
    }
    try await self.init(
      url: url, tables: migrator.definitions, migrator: migrator, poolSize: poolSize, busyTimeout: busyTimeout)
  }

  /// Connects and prepares the tables: migrated by a plan, or, without one, created where
  /// missing and checked where present.
  private init(
    url: String, tables: [ObjectIdentifier: PostgresTableDefinition], migrator: PostgresMigrator?, poolSize: Int,
    busyTimeout: Duration
  ) async throws(PersistenceError) {
    definitions = tables
    self.tables = tables.mapValues(\.table)
    pool = PostgresPool(url: url, size: poolSize, busyTimeout: busyTimeout)
    do {
      try await pool.transaction { connection in try self.prepare(migrator, on: connection) }
    } catch {
      throw Self.failure(error)
    }
  }

  /// Connects and prepares the tables as the async initializers do, on the calling thread:
  /// for a ``ModelContainer``, whose initializer is not async. Without `creating`, a database
  /// that holds none of the tables is refused; `readOnly`, the database is never changed — a
  /// table missing, or a migration needed, is refused — and every connection is read-only.
  init(
    opening url: String, tables: [ObjectIdentifier: PostgresTableDefinition], migrator: PostgresMigrator?,
    creating: Bool, readOnly: Bool, busyTimeout: Duration
  ) throws(PersistenceError) {
    definitions = tables
    self.tables = tables.mapValues(\.table)
    pool = PostgresPool(
      url: url, size: Self.defaultPoolSize, busyTimeout: busyTimeout,
      setUp: readOnly ? "SET default_transaction_read_only = on" : nil)
    do {
      try pool.transactionNow { connection in
        try checkAccess(creating: creating, readOnly: readOnly, migrator: migrator, on: connection)
        guard !readOnly else { return }
        try prepare(migrator, on: connection)
      }
    } catch {
      pool.close()
      throw Self.failure(error)
    }
  }

  /// Refuses, before any change, a database that holds none of the tables when they may not
  /// be created, and, for a read-only opening, one that lacks a table or needs a migration.
  private func checkAccess(
    creating: Bool, readOnly: Bool, migrator: PostgresMigrator?, on connection: PostgresConnection
  ) throws {
    guard !creating || readOnly else { return }
    let missing = try definitions.values.filter { definition in
      try connection.query("SELECT to_regclass($1) IS NULL", [.text(definition.table.quotedName)])
        .bool(row: 0, column: 0) ?? true
    }
    .map(\.table.name).sorted()
    if missing.count == definitions.count && !definitions.isEmpty {
      throw PersistenceError.cannotOpen(path: displayURL, reason: "no store exists there")
    }
    guard readOnly else { return }
    if let note = try IncompleteMark.note(on: connection) {
      throw IncompleteMark.incomplete(path: displayURL, note: note)
    }
    guard missing.isEmpty else {
      throw PersistenceError.cannotOpen(
        path: displayURL,
        reason:
          "it lacks the tables \(missing.joined(separator: ", ")), which a read-only configuration does not create")
    }
    if let migrator, try !migrator.isCurrent(self, on: connection) {
      throw PersistenceError.cannotOpen(
        path: displayURL, reason: "it needs a migration, which a read-only configuration does not make")
    }
  }

  /// How many connections a store a container opens uses at most.
  static let defaultPoolSize = 8

  /// Brings the database's tables to the store's models, in the caller's transaction, under
  /// the store's advisory lock: migrated by a plan, or, without one, created where missing and
  /// checked where present.
  private func prepare(_ migrator: PostgresMigrator?, on connection: PostgresConnection) throws {
    // Made in the order of their names: PostgreSQL runs a delete's cascades in the order their
    // constraints were made, which the history then lists (``CascadeScanner`` on SQLite).
    let definitions = Array(definitions.values).sorted { $0.table.name < $1.table.name }
    _ = try connection.query(Self.advisoryLock)
    if let note = try IncompleteMark.note(on: connection) {
      throw IncompleteMark.incomplete(path: displayURL, note: note)
    }
    try PostgresHistory.createMissing(on: connection)
    if let migrator {
      try migrator.prepare(self, on: connection)
    } else {
      try Self.createMissing(definitions, on: connection)
    }
    try PostgresHistory.replaceOutdatedTriggers(of: definitions, on: connection)
    try PostgresFamilyKeys.prepare(definitions, on: connection)
  }

  /// Creates the tables that do not exist yet, refusing one that exists in another shape.
  private static func createMissing(_ definitions: [PostgresTableDefinition], on connection: PostgresConnection) throws
  {
    var missing: [PostgresTableDefinition] = []
    for definition in definitions {
      let exists = try connection.query(
        "SELECT to_regclass($1) IS NOT NULL", [.text(definition.table.quotedName)])
      guard exists.bool(row: 0, column: 0) == false else {
        let differences = try PostgresTableCheck.differences(of: definition, on: connection)
        guard differences.isEmpty else {
          throw PersistenceError.invalidSchema(
            "the database's table \(definition.table.name) is not the one \(definition.model) declares: "
              + differences.joined(separator: "; ") + "; nothing was changed")
        }
        continue
      }
      missing.append(definition)
    }
    try create(missing, on: connection)
  }

  /// Creates tables with their indexes and history triggers, then their relationships (which
  /// may name each other), inside the caller's transaction. The caller holds the store's
  /// advisory lock, so processes opening at once do not race to create the same table.
  static func create(_ definitions: [PostgresTableDefinition], on connection: PostgresConnection) throws {
    for definition in definitions {
      try connection.execute(definition.createTableStatement)
      for statement in definition.indexStatements { try connection.execute(statement) }
      try PostgresHistory.installTriggers(for: definition, on: connection)
    }
    for definition in definitions {
      for statement in definition.foreignKeyStatements { try connection.execute(statement) }
    }
  }

  /// The transactions committed after a token (from the first without one), oldest first;
  /// only those of the named authors when `authors` is given; at most `limit` of them when a
  /// limit is given: a page of the history, the next of which comes after the last one's token.
  /// A transaction holds every change it made, or at most its first `changeLimit`, the rest read
  /// with ``fetchHistoryChanges(of:from:limit:)``: as
  /// `ModelContainer.fetchHistory(after:authors:limit:changeLimit:configuration:)` reads a store
  /// file's.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// let firstHundred = try await store.fetchHistory(limit: 100)
  /// let next = try await store.fetchHistory(after: firstHundred.last?.token, limit: 100)
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the history cannot be read.
  public func fetchHistory(
    after token: HistoryToken? = nil, authors: Set<String>? = nil, limit: Int? = nil, changeLimit: Int? = nil
  ) async throws(PersistenceError)
    -> [HistoryTransaction]
  {
    do {
      return try await pool.withConnection { connection in
        try PostgresHistory.transactions(
          after: token, authors: authors, limit: limit, changeLimit: changeLimit, on: connection)
      }
    } catch {
      throw Self.failure(error)
    }
  }

  /// The transactions committed before a token (before none, the newest), newest first;
  /// otherwise as ``fetchHistory(after:authors:limit:changeLimit:)``: the history read
  /// backwards, a page at a time, as
  /// `ModelContainer.fetchHistory(before:authors:limit:changeLimit:configuration:)` reads a
  /// store file's.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// let lastTen = try await store.fetchHistory(before: nil, limit: 10)
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the history cannot be read.
  public func fetchHistory(
    before token: HistoryToken?, authors: Set<String>? = nil, limit: Int? = nil, changeLimit: Int? = nil
  ) async throws(PersistenceError)
    -> [HistoryTransaction]
  {
    do {
      return try await pool.withConnection { connection in
        try PostgresHistory.transactions(
          before: token, authors: authors, limit: limit, changeLimit: changeLimit, on: connection)
      }
    } catch {
      throw Self.failure(error)
    }
  }

  /// The transactions committed from now on (or after a token), as they commit — by any
  /// process, on any machine — filtered by author and model type name; heard through
  /// `LISTEN`/`NOTIFY`, without polling.
  ///
  /// <!-- snippet context: server -->
  /// ```swift
  /// let store = try await PostgresStore(url: url, for: [Movie.self])
  /// for try await transaction in try await store.history(models: ["Movie"]) {
  ///   print(transaction.changes.count, "changes by", transaction.author ?? "someone")
  /// }
  /// ```
  ///
  /// - Throws: ``PersistenceError/postgres(_:)`` if the newest token cannot be read.
  public func history(
    after token: HistoryToken? = nil, authors: Set<String>? = nil, models: Set<String>? = nil
  ) async throws(PersistenceError) -> PostgresHistoryObserver {
    let start: HistoryToken
    if let token {
      start = token
    } else {
      do {
        start = try await pool.withConnection { try PostgresHistory.latestToken(on: $0) } ?? HistoryToken(0)
      } catch {
        throw Self.failure(error)
      }
    }
    return PostgresHistoryObserver(store: self, after: start, authors: authors, models: models)
  }

  /// The database's URL as it may be shown: without a password, which a connection string of
  /// `key=value` pairs may hold anywhere, so such a string is not shown at all.
  public var displayURL: String { Self.displayURL(of: pool.url) }

  /// A connection URL as it may be shown: without a password, which a connection string of
  /// `key=value` pairs may hold anywhere, so such a string is not shown at all.
  public static func displayURL(of url: String) -> String {
    guard var components = URLComponents(string: url), components.scheme != nil else {
      return "the PostgreSQL database"
    }
    if components.password != nil { components.password = nil }
    components.query = nil
    return components.string ?? "the PostgreSQL database"
  }

  /// A failure to reach or use the server, as the engine reports it.
  static func failure(_ error: any Error) -> PersistenceError {
    error as? PersistenceError ?? .postgres(error as? PostgresError ?? PostgresError(code: nil, message: "\(error)"))
  }

  /// The statement that takes the advisory lock held while tables are created or migrated:
  /// one per schema (the schema tables are created in), so stores in other schemas of the
  /// database do not wait for each other to open.
  private static let advisoryLock =
    "SELECT pg_advisory_xact_lock(hashtextextended(coalesce(current_schema(), ''), \(0x5357_4946_5444_4154 as Int64)))"

  /// The table of a model type.
  ///
  /// - Throws: ``PersistenceError/unknownModel(_:)`` if the store does not hold the type.
  func definition<Model>(of type: Model.Type) throws(PersistenceError) -> PostgresTableDefinition {
    guard let definition = definitions[ObjectIdentifier(type)] else {
      throw .unknownConfiguration("the PostgreSQL store does not hold \(Model.self)")
    }
    return definition
  }
}
