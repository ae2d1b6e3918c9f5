import Foundation
import SQLValues
import SQLiteCore

/// Brings a store to the latest version of a migration plan when it opens: it recognizes the
/// store's version, refuses one it does not know, and migrates an older one in one transaction.
struct StoreMigrator: Sendable {
  typealias Version = ResolvedPlan.Version

  /// The plan, resolved to SQLite's tables.
  let plan: ResolvedPlan
  /// Whether to copy the store before migrating it, to `<store>.<old version>.backup`.
  let backup: Bool

  /// Resolves a plan's versions and checks its stages.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for versions out of order or a stage
  ///   that does not join two consecutive versions.
  init(plan: any SchemaMigrationPlan.Type, backup: Bool) throws(PersistenceError) {
    self.plan = try ResolvedPlan(plan: plan) { (model) throws(PersistenceError) in try model.resolve() }
    self.backup = backup
  }

  /// Every version, oldest first.
  var versions: [Version] { plan.versions }

  /// The latest version's tables.
  var latest: Version { plan.latest }

  /// Checks, reading only, that a store is empty or of a version of the plan that it can be
  /// brought to: what ``prepare(_:path:realPath:allowsSave:external:vfs:)`` would accept.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` for a store of an unknown or newer
  ///   version, whose tables match no version, or whose tables' definitions were edited
  ///   (``SchemaGuard/checkDefinitions(_:of:exact:path:)``).
  func recognize(_ connection: Connection, path: String) throws {
    let (live, record) = try look(at: connection, path: path)
    if live.isEmpty, record == nil { return }
    let index = try standing(of: live, record: record, path: path).index
    try SchemaGuard.checkDefinitions(connection, of: try versions[index].schemas(), path: path)
  }

  /// The store's tables and its record of them, read in one transaction: tables another process
  /// creates meanwhile, with the record that covers them, are seen both or neither — never the
  /// new record beside the old tables, which would read as tables changed behind the engine.
  private func look(at connection: Connection, path: String) throws -> (SchemaDescription, SchemaRecord?) {
    try connection.readTransaction {
      (try SchemaDescription.read(from: connection), try SchemaRecord.read(from: connection, path: path))
    }
  }

  /// Where a store at `realPath` of a version is copied before it is migrated.
  static func backupPath(of realPath: String, version: Schema.Version) -> String {
    "\(realPath).\(version).backup"
  }

  /// Recognizes the store's version and migrates it to the latest, creating the latest
  /// version's tables in an empty store, and the tables of models added to the store's version
  /// since it was last opened (``StoreStanding``). `path` names the store in errors; a backup
  /// goes beside `realPath`, read through the VFS `vfs`. Returns the version the store was
  /// migrated from, or `nil` when it needed no migration — another process may have migrated
  /// it since this one looked: the version is read again, and the backup made, under the
  /// migration's write lock.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` for a store of an unknown or newer
  ///   version, whose tables match no version, that holds a table the engine did not create under
  ///   the name of an added model, or that needs a change but may not be saved;
  ///   ``PersistenceError/migrationFailed(path:reason:)`` when a migration fails. The store is
  ///   unchanged in every case.
  @discardableResult
  func prepare(
    _ connection: Connection, path: String, realPath: String, allowsSave: Bool, external: ExternalFiles?,
    vfs: String? = nil
  ) throws -> Schema.Version? {
    let (live, record) = try look(at: connection, path: path)
    if live.isEmpty, record == nil {
      guard allowsSave else { throw PersistenceError.cannotOpen(path: path, reason: "the read-only store is empty") }
      let created = try connection.writeTransaction { () throws -> Bool in
        // Another process opening the new store at once may have created it since the look.
        guard try SchemaDescription.read(from: connection).isEmpty,
          try SchemaRecord.read(from: connection, path: path) == nil
        else { return false }
        for table in try latest.schemas() {
          for statement in table.createStatements { try connection.execute(statement) }
        }
        try SchemaRecord(version: latest.number, fingerprint: try SchemaDescription.read(from: connection).fingerprint)
          .write(to: connection)
        return true
      }
      // Created by the other process: recognized as any existing store is.
      if !created {
        return try prepare(
          connection, path: path, realPath: realPath, allowsSave: allowsSave, external: external, vfs: vfs)
      }
      return nil
    }
    let standing = try standing(of: live, record: record, path: path)
    if standing.index == versions.count - 1, standing.added.isEmpty {
      if record == nil, allowsSave {
        try connection.writeTransaction {
          try SchemaRecord(version: latest.number, fingerprint: live.fingerprint).write(to: connection)
        }
      }
      if allowsSave { try SearchIndex.rebuildOutdated(of: try latest.schemas(), on: connection) }
      return nil
    }
    let number = versions[standing.index].number
    guard allowsSave else {
      let reason =
        standing.index == versions.count - 1
        ? "it lacks the tables of \(try modelList(standing.added, version: standing.index)), added to version \(number), "
          + "which only a writable open creates, but it is read-only"
        : "the store is version \(number) and needs a migration, but it is read-only"
      throw PersistenceError.cannotOpen(path: path, reason: reason)
    }
    let backupFrom = backup && realPath != ":memory:" ? (realPath, vfs) : nil
    return try migrate(connection, path: path, backingUp: backupFrom, external: external)
  }

  /// The model names of tables of the version at `index`, for a message: `Pamphlet, Poster`.
  private func modelList(_ tables: [TableSchema], version index: Int) throws -> String {
    let names = try versions[index].modelNames()
    return tables.map { names[$0.name] ?? $0.name }.joined(separator: ", ")
  }

  /// The index of the version a store holds: the one its record names, if the plan knows it,
  /// or, for a store created before versioning, the latest one whose tables its own match.
  func recognizedVersion(of live: SchemaDescription, record: SchemaRecord?) throws -> Int? {
    if let record { return versions.firstIndex { $0.number == record.version } }
    return try versions.indices.reversed().first { try tables(of: $0) == live }
  }

  /// Why a store's version is not recognized: the words every command uses.
  func unrecognized(_ live: SchemaDescription, record: SchemaRecord?) -> String {
    guard let version = record?.version else {
      return "the store's tables match no known schema version (fingerprint \(live.fingerprint))"
    }
    return plan.unknown(version)
  }

  /// The tables a store of the version at an index has.
  func tables(of index: Int) throws -> SchemaDescription {
    try SchemaDescription.expected(for: try versions[index].schemas())
  }

  /// Creates the tables of models added to the store's version and runs every stage from that
  /// version to the latest, in one transaction, with foreign keys checked once at the end, as
  /// sqlite.org's procedure for changing tables prescribes; first copies the store to its
  /// backup beside `backingUp`'s real path, when given and a version changes. Returns the
  /// version migrated from, or `nil` if the store was found current under the lock.
  private func migrate(
    _ connection: Connection, path: String, backingUp: (realPath: String, vfs: String?)?, external: ExternalFiles?
  ) throws -> Schema.Version? {
    try connection.execute("PRAGMA foreign_keys = OFF")
    let migrated: Schema.Version?
    do {
      migrated = try migrateTables(connection, path: path, backingUp: backingUp, external: external)
    } catch {
      // The store does not open after a failed migration, so this connection is closed with
      // the failure; turning the checks back on is still tried, and its own failure adds
      // nothing the caller can act on beyond the migration's error.
      try? connection.execute("PRAGMA foreign_keys = ON")
      throw error
    }
    // A connection that goes on being used must check references again: a failure is thrown.
    do {
      try connection.execute("PRAGMA foreign_keys = ON")
    } catch {
      throw PersistenceError.migrationFailed(
        path: path, reason: "foreign key checks could not be turned back on: \(error.message)")
    }
    return migrated
  }

  /// The stages' work, in one transaction; see ``migrate(_:path:backingUp:external:)``. The
  /// store is read again under the write lock: another process may have migrated it, or created
  /// the added tables, since this one looked, and then there is less or nothing left to do —
  /// and no backup to make.
  private func migrateTables(
    _ connection: Connection, path: String, backingUp: (realPath: String, vfs: String?)?, external: ExternalFiles?
  ) throws -> Schema.Version? {
    do {
      return try connection.writeTransaction { () throws -> Schema.Version? in
        let live = try SchemaDescription.read(from: connection)
        let standing = try standing(
          of: live, record: try SchemaRecord.read(from: connection, path: path), path: path)
        guard standing.index < versions.count - 1 || !standing.added.isEmpty else { return nil }
        let from = versions[standing.index].number
        if let backingUp, standing.index < versions.count - 1 {
          try copy(
            backingUp.realPath, vfs: backingUp.vfs, to: Self.backupPath(of: backingUp.realPath, version: from),
            path: path)
        }
        try create(standing.added, on: connection)
        try plan.walk(from: standing.index) { version in
          MigrationContext(
            connection: connection, tables: try version.tables(), version: version.number, external: external)
        } migrate: { old, new in
          try LightweightMigration(old: try old.schemas(), new: try new.schemas()).run(on: connection)
        }
        if standing.index < versions.count - 1 { try checkReferences(connection) }
        try SchemaRecord(version: latest.number, fingerprint: try SchemaDescription.read(from: connection).fingerprint)
          .write(to: connection)
        return standing.index < versions.count - 1 ? from : nil
      }
    } catch PersistenceError.migrationFailed(let path, let reason) {
      throw PersistenceError.migrationFailed(path: path, reason: reason)
    } catch let error as PersistenceError {
      throw PersistenceError.migrationFailed(path: path, reason: error.description)
    } catch let error as SQLiteError where error.isBusy {
      throw PersistenceError.busyStore(at: path, waited: connection.busyTimeout)
    } catch let error as SQLiteError where error.isDiskFull {
      throw FullDisk.error(store: path, realPath: RealPath.resolve(path))
    } catch let error as SQLiteError {
      throw PersistenceError.migrationFailed(path: path, reason: error.message)
    } catch {
      throw PersistenceError.migrationFailed(path: path, reason: "\(error)")
    }
  }

  private func checkReferences(_ connection: Connection) throws {
    let check = try connection.statement("SELECT \"table\", parent FROM pragma_foreign_key_check")
    defer { check.reset() }
    guard try check.step() else { return }
    throw PersistenceError.invalidSchema(
      "rows of \(check.text(at: 0)) refer to \(check.text(at: 1)) rows that do not exist")
  }

  /// Copies the store, whole and consistent, with `VACUUM INTO`, to a new file private to the
  /// user (`0600`). Nothing already at the backup's path is touched, not even a dangling link.
  ///
  /// It reads through a connection of its own (`VACUUM` cannot run in a transaction), which may
  /// read while the caller's connection holds the write lock and has written nothing yet.
  private func copy(_ realPath: String, vfs: String?, to backup: String, path: String) throws {
    let code = PrivateFiles.createEmptyFile(backup)
    guard code == 0 else {
      throw PersistenceError.migrationFailed(
        path: path,
        reason: code == EEXIST
          ? "the backup \(PathInMessage.name(backup, inMessageAbout: path)) exists already; move it away to migrate again"
          : "the backup \(PathInMessage.name(backup, inMessageAbout: path)) cannot be created: "
            + String(cString: strerror(code)))
    }
    do {
      let connection = try Connection(location: .file(realPath), readOnly: true, vfs: vfs)
      // VACUUM INTO writes into an empty file, keeping its mode.
      let statement = try connection.statement("VACUUM INTO ?1")
      defer { statement.reset() }
      try statement.bind(.text(backup), at: 1)
      try statement.run()
    } catch {
      unlink(backup)
      throw error
    }
  }
}
