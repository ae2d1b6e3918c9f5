import Foundation
import PostgresCore

/// Brings a PostgreSQL store to the latest version of a migration plan when it opens: it
/// recognizes the database's version (its record, or for a database without one, the version
/// its tables match), refuses one it does not know, and migrates an older one — every stage, in
/// the caller's one transaction, which PostgreSQL's transactional DDL undoes whole on failure.
struct PostgresMigrator: Sendable {
  /// The plan, resolved to the tables PostgreSQL stores (externally stored attributes in the
  /// row).
  let plan: ResolvedPlan

  /// Where a database stands against the plan, read without changing it.
  struct Standing: Sendable {
    /// The version the database records, known to the plan or not.
    let record: Schema.Version?
    /// The index of the version it holds, or `nil` when it is not recognized.
    let index: Int?
    /// Why its version is not recognized; `nil` when it is.
    let problem: String?
    /// The tables of its version it lacks: all of them in a new database, else those of models
    /// added to the version since it was last opened.
    let missing: [TableSchema]
    /// The models' tables it holds, by name.
    let present: Set<String>
  }

  /// Resolves a plan and checks its stages.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a plan that is not valid.
  init(plan: any SchemaMigrationPlan.Type) throws(PersistenceError) {
    self.plan = try ResolvedPlan(plan: plan) { (model) throws(PersistenceError) in try model.resolveInRow() }
  }

  /// The latest version's tables as the store uses them.
  var definitions: [ObjectIdentifier: PostgresTableDefinition] {
    plan.latestTables.mapValues { PostgresTableDefinition($0, model: plan.latestModelNames[$0.name] ?? $0.name) }
  }

  /// Recognizes the database's version, reading only.
  func standing(on connection: PostgresConnection) throws -> Standing {
    let record = try PostgresSchemaRecord.read(on: connection)
    let names = try connection.query("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
    let known = Set(try plan.versions.flatMap { try $0.tables().values.map(\.name) })
    let present = Set((0..<names.count).compactMap { names.text(row: $0, column: 0) }).intersection(known)
    func standing(_ index: Int?, problem: String? = nil) throws -> Standing {
      let missing = try index.map { try plan.versions[$0].schemas().filter { !present.contains($0.name) } } ?? []
      return Standing(record: record, index: index, problem: problem, missing: missing, present: present)
    }
    if let record {
      guard let index = plan.versions.firstIndex(where: { $0.number == record }) else {
        return try standing(nil, problem: plan.unknown(record))
      }
      let differences = try self.differences(of: index, present: present, on: connection)
      guard differences.isEmpty else {
        return try standing(
          nil, problem: "its tables differ from those of version \(record): \(differences.joined(separator: "; "))")
      }
      return try standing(index)
    }
    let latest = plan.versions.count - 1
    if present.isEmpty { return try standing(latest) }
    let differences = try self.differences(of: latest, present: present, on: connection)
    // A database of an older version whose record is gone holds every table of that version.
    var matching = differences.isEmpty ? [latest] : []
    for index in plan.versions.indices.dropLast().reversed() {
      let tables = try plan.versions[index].schemas()
      if tables.allSatisfy({ present.contains($0.name) }),
        try self.differences(of: index, present: present, on: connection).isEmpty
      {
        matching.append(index)
      }
    }
    // Versions whose columns are the same may differ in indexes or delete rules: the newest
    // whose structure is the database's, else the newest whose columns are.
    for index in matching where try structureMatches(index, present: present, on: connection) {
      return try standing(index)
    }
    if let newest = matching.first { return try standing(newest) }
    return try standing(
      nil,
      problem: "it records no schema version and its tables are not those of version \(plan.latest.number): "
        + differences.joined(separator: "; "))
  }

  /// How the tables a database holds of a version differ from that version's declarations.
  private func differences(of index: Int, present: Set<String>, on connection: PostgresConnection) throws -> [String] {
    let version = plan.versions[index]
    let names = try version.modelNames()
    var found: [String] = []
    for table in try version.schemas() where present.contains(table.name) {
      let definition = PostgresTableDefinition(table, model: names[table.name] ?? table.name)
      found += try PostgresTableCheck.differences(of: definition, on: connection).map { "table \(table.name): \($0)" }
    }
    return found
  }

  /// Whether the tables a database holds of a version have that version's indexes and
  /// relationships, with its delete rules (its rows are not read).
  private func structureMatches(_ index: Int, present: Set<String>, on connection: PostgresConnection) throws -> Bool {
    try plan.versions[index].schemas().filter { present.contains($0.name) }.allSatisfy { table in
      try PostgresStructureCheck.problems(of: table, countingOrphans: false, on: connection).isEmpty
    }
  }

  /// Whether the database is of the latest version, recorded, with every table: what a
  /// read-only opening, which makes no change, requires.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` for a database of an unknown or
  ///   newer version, or whose tables are not its version's.
  func isCurrent(_ store: PostgresStore, on connection: PostgresConnection) throws -> Bool {
    let standing = try standing(on: connection)
    guard let index = standing.index else {
      throw PersistenceError.cannotOpen(path: store.displayURL, reason: standing.problem ?? "")
    }
    return index == plan.versions.count - 1 && standing.missing.isEmpty && standing.record != nil
  }

  /// Brings the database to the latest version inside the caller's transaction, which holds
  /// the store's advisory lock: creates the tables of a new database, or of models added to
  /// its version, migrates an older one, and records the version.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` for a database of an unknown or
  ///   newer version, or whose tables are not its version's;
  ///   ``PersistenceError/migrationFailed(path:reason:)`` when a stage fails. The caller's
  ///   transaction is then rolled back: the database is as it was.
  func prepare(_ store: PostgresStore, on connection: PostgresConnection) throws {
    let standing = try standing(on: connection)
    guard let index = standing.index else {
      throw PersistenceError.cannotOpen(path: store.displayURL, reason: standing.problem ?? "")
    }
    let latest = index == plan.versions.count - 1
    if latest, standing.missing.isEmpty, standing.record != nil { return }
    let names = try plan.versions[index].modelNames()
    try PostgresStore.create(
      standing.missing.map { PostgresTableDefinition($0, model: names[$0.name] ?? $0.name) },
      on: connection)
    if !latest {
      do {
        try migrate(store, from: index, on: connection)
      } catch let error as PostgresError where error.isConnectionLost {
        // Not the stage's failure: the server's, reported as any lost connection is.
        throw PersistenceError.postgres(error)
      } catch let error as PersistenceError where error.isConnectionLost {
        throw error
      } catch let error as PersistenceError {
        throw PersistenceError.migrationFailed(path: store.displayURL, reason: "\(error)")
      } catch let error as PostgresError {
        throw PersistenceError.migrationFailed(path: store.displayURL, reason: error.message)
      } catch {
        throw PersistenceError.migrationFailed(path: store.displayURL, reason: "\(error)")
      }
    }
    try PostgresSchemaRecord.write(plan.latest.number, on: connection)
  }

  /// Runs every stage from the version at `index` to the latest. The history's triggers are
  /// off meanwhile — a migration's changes are not the app's — and made again for the latest
  /// version's tables, whose columns, model names and preserved values they record.
  private func migrate(_ store: PostgresStore, from index: Int, on connection: PostgresConnection) throws {
    for table in try plan.versions[index].schemas() { try PostgresHistory.dropTriggers(of: table, on: connection) }
    try plan.walk(from: index) { version in
      MigrationContext(
        session: PostgresMigrationSession(
          store: store, connection: connection, tables: try version.tables(), modelNames: try version.modelNames()),
        tables: try version.tables(), version: version.number)
    } migrate: { old, new in
      try PostgresLightweightMigration(old: try old.schemas(), new: try new.schemas()).run(on: connection)
    }
    for (_, definition) in definitions.sorted(by: { $0.value.table.name < $1.value.table.name }) {
      try PostgresHistory.installTriggers(for: definition, on: connection)
    }
  }
}
