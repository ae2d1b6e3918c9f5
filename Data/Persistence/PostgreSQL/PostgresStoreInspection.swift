import Foundation
import PostgresCore

/// What a PostgreSQL store is, read without changing it (in one read-only transaction): its
/// server, its schema version against a migration plan, whether it needs a migration and its
/// tables' row counts; and what is wrong with it — ``problems`` and ``notes``, as
/// ``StoreCheck`` reports a store file's.
///
/// <!-- snippet context: server -->
/// ```swift
/// let info = try await PostgresStoreInspection(url: url, plan: CatalogMigrationPlan.self)
/// if info.needsMigration { print("the database will be migrated from \(info.version?.description ?? "?")") }
/// ```
public struct PostgresStoreInspection: Sendable {
  /// The database's URL without its password (``PostgresStore/displayURL``).
  public let displayURL: String
  /// The server's version, as it reports it (`16.4 (Debian 16.4-1)`).
  public let serverVersion: String
  /// The version the database records, known to the plan or not (a newer app's, say).
  public let recordedVersion: Schema.Version?
  /// The database's version: the one it records, or for a database without a record, the one
  /// its tables match; `nil` when neither is known to the plan or its tables are not that
  /// version's.
  public let version: Schema.Version?
  /// Why the version is not recognized, in the words opening the store uses; `nil` when it is.
  public let versionProblem: String?
  /// Why every opening of the store is refused though its tables may match a version — it is
  /// marked incomplete (``ModelContainer/markIncomplete(_:configuration:)``) — in the words opening uses;
  /// `nil` when nothing is.
  public let refusal: String?
  /// The plan's latest version, the one the app uses.
  public let latestVersion: Schema.Version
  /// The models of the database's version whose tables it lacks (all of them in an empty
  /// database), which the next open creates.
  public let addedModels: [String]
  /// The number of rows of each of the models' tables, by name.
  public let rowCounts: [String: Int]
  /// What is wrong: a version not recognized, a table unlike its declaration, a missing index or
  /// relationship, rows that refer to rows that do not exist. Empty for a sound store.
  public let problems: [StoreProblem]
  /// What is worth knowing but breaks nothing: no record of the version yet, tables the next
  /// open creates.
  public let notes: [StoreProblem]

  /// Whether opening the store with the plan would migrate it.
  public var needsMigration: Bool { version.map { $0 < latestVersion } ?? false }

  /// Reads a database against a migration plan; opening its connection waits up to
  /// `busyTimeout` for a full server (as `PostgresPool.busyTimeout` does).
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a plan that is not valid;
  ///   ``PersistenceError/postgres(_:)`` if the server cannot be reached or read.
  public init(
    url: String, plan: any SchemaMigrationPlan.Type, busyTimeout: Duration = .seconds(5)
  ) async throws(PersistenceError) {
    let migrator = try PostgresMigrator(plan: plan)
    displayURL = PostgresStore.displayURL(of: url)
    latestVersion = migrator.plan.latest.number
    let pool = PostgresPool(url: url, size: 1, busyTimeout: busyTimeout)
    let read: Reading
    do {
      read = try await pool.transaction(isolation: .repeatableRead) { connection in
        try connection.execute("SET TRANSACTION READ ONLY")
        return try Reading(migrator: migrator, on: connection)
      }
    } catch {
      throw PostgresStore.failure(error)
    }
    serverVersion = read.serverVersion
    recordedVersion = read.standing.record
    version = read.standing.index.map { migrator.plan.versions[$0].number }
    versionProblem = read.standing.problem
    if let index = read.standing.index {
      let names = try migrator.plan.versions[index].modelNames()
      addedModels = read.standing.missing.map { names[$0.name] ?? $0.name }
    } else {
      addedModels = []
    }
    refusal = read.refusal
    rowCounts = read.rowCounts
    problems = read.problems
    notes = read.notes
  }

  /// Whether opening a database with a plan would migrate it, read from its version record and
  /// tables alone — without the counts and checks of an inspection — as a read-only open asks.
  ///
  /// - Throws: as ``init(url:plan:busyTimeout:)`` does.
  public static func needsMigration(
    url: String, plan: any SchemaMigrationPlan.Type, busyTimeout: Duration = .seconds(5)
  ) async throws(PersistenceError)
    -> Bool
  {
    let migrator = try PostgresMigrator(plan: plan)
    do {
      return try await PostgresPool(url: url, size: 1, busyTimeout: busyTimeout).transaction(isolation: .repeatableRead)
      { connection in
        try connection.execute("SET TRANSACTION READ ONLY")
        let standing: PostgresMigrator.Standing
        do {
          standing = try migrator.standing(on: connection)
        } catch is PersistenceError {
          // A damaged record tells no version, as an inspection finds; opening says what is wrong.
          return false
        }
        guard let index = standing.index else { return false }
        return migrator.plan.versions[index].number < migrator.plan.latest.number
      }
    } catch {
      throw PostgresStore.failure(error)
    }
  }

  /// What one read-only transaction found.
  private struct Reading: Sendable {
    let serverVersion: String
    let standing: PostgresMigrator.Standing
    var rowCounts: [String: Int] = [:]
    var problems: [StoreProblem] = []
    var notes: [StoreProblem] = []
    var refusal: String?

    init(migrator: PostgresMigrator, on connection: PostgresConnection) throws {
      serverVersion = try connection.query("SHOW server_version").text(row: 0, column: 0) ?? "unknown"
      do {
        standing = try migrator.standing(on: connection)
      } catch let error as PersistenceError {
        // A damaged record: the database's version cannot be told.
        standing = PostgresMigrator.Standing(record: nil, index: nil, problem: "\(error)", missing: [], present: [])
      }
      if let note = try IncompleteMark.note(on: connection) {
        refusal = IncompleteMark.reason(note: note)
        problems.append(StoreProblem(refusal ?? ""))
      }
      for table in standing.present.sorted() {
        let count = try connection.query("SELECT count(*) FROM \(SQLIdentifier.quote(table))")
        rowCounts[table] = Int(count.int64(row: 0, column: 0) ?? 0)
      }
      guard let index = standing.index else {
        problems.append(StoreProblem(standing.problem ?? "its schema's version is not recognized"))
        return
      }
      let version = migrator.plan.versions[index]
      if standing.record == nil, !standing.present.isEmpty {
        notes.append(StoreProblem("it records no schema version; the next open records version \(version.number)"))
      }
      if !standing.missing.isEmpty {
        let names = try version.modelNames()
        let models = standing.missing.map { names[$0.name] ?? $0.name }
        notes.append(StoreProblem("the next open creates the tables of \(models.joined(separator: ", "))"))
      }
      for table in try version.schemas() where standing.present.contains(table.name) {
        problems += try PostgresStructureCheck.problems(of: table, on: connection)
      }
    }
  }
}
