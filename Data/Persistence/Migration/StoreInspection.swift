public import Foundation
import SQLValues
import SQLiteCore

/// What a store file is, read without changing it: its schema version, whether it needs a
/// migration, its tables' row counts and its size; and, with ``check()``, whether it is sound.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let info = try StoreInspection(url: storeURL, plan: CatalogMigrationPlan.self)
/// if info.needsMigration { print("the store will be migrated from \(info.version?.description ?? "?")") }
/// ```
public struct StoreInspection: Sendable {
  /// The store's path.
  public let path: String
  /// The store's version: the one it records, or for a store from before versioning, the one
  /// its tables match; `nil` when neither is known to the plan.
  public var version: Schema.Version? { versionIndex.map { migrator.versions[$0].number } }
  /// Whether the store records its version (stores from before versioning do not).
  public var isVersionRecorded: Bool { recordedVersion != nil }
  /// The version the store records, known to the plan or not (a newer app's, say).
  public let recordedVersion: Schema.Version?
  /// Why the store's version is not recognized, in the words every command uses (`list` among
  /// them); `nil` when it is.
  public let versionProblem: String?
  /// Why every open of the store is refused though its tables may match a version — a trigger,
  /// view or virtual table the engine did not make — in the words of that refusal; `nil` when
  /// there is none.
  public let refusal: String?
  /// The plan's latest version, the one the app uses.
  public var latestVersion: Schema.Version { migrator.latest.number }
  /// The models added to the store's version whose tables it lacks, which the next writable
  /// open creates; empty when there are none.
  public let addedModels: [String]
  /// The fingerprint of the store's tables.
  public let fingerprint: String
  /// The number of rows of each table, by name.
  public let rowCounts: [String: Int]
  /// The size in bytes of the store's file and its write-ahead log.
  public let size: Int

  /// Where opening the store with `backupBeforeMigration` copies it before migrating:
  /// `<real file>.<version>.backup`, beside the real file; `nil` when it needs no migration.
  public var backupURL: URL? {
    guard needsMigration, let version else { return nil }
    return URL(fileURLWithPath: StoreMigrator.backupPath(of: file.path, version: version))
  }

  private let file: StoreFile
  private let description: SchemaDescription
  private let migrator: StoreMigrator
  /// The index of ``version`` in the plan.
  private let versionIndex: Int?

  /// Whether opening the store with the plan would migrate it.
  public var needsMigration: Bool { version.map { $0 < latestVersion } ?? false }

  /// Reads a store, changing nothing on disk: not even a `-wal` or `-shm` file appears.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if there is no store there or it
  ///   is not a database; ``PersistenceError/invalidSchema(_:)`` for a plan that is not valid.
  public init(url: URL, plan: any SchemaMigrationPlan.Type) throws(PersistenceError) {
    path = url.path
    file = StoreFile(path: url.path)
    guard file.exists else {
      throw .cannotOpen(path: url.path, reason: "no store exists there")
    }
    migrator = try StoreMigrator(plan: plan, backup: false)
    do {
      let connection = try file.inspectionConnection()
      do {
        try SchemaGuard.check(connection, path: url.path)
        refusal = nil
      } catch let PersistenceError.cannotOpen(_, reason) {
        refusal = reason
      }
      description = try SchemaDescription.read(from: connection)
      let record = try SchemaRecord.read(from: connection, path: url.path)
      recordedVersion = record?.version
      versionIndex = try migrator.recognizedVersion(of: description, record: record)
      versionProblem = versionIndex == nil ? migrator.unrecognized(description, record: record) : nil
      var added: [String] = []
      if let index = versionIndex {
        let names = try migrator.versions[index].modelNames()
        for table in try migrator.added(to: index, live: description, record: record) {
          added.append(names[table.name] ?? table.name)
        }
      }
      addedModels = added
      var counts: [String: Int] = [:]
      for table in description.tables {
        let statement = try connection.statement("SELECT count(*) FROM \(SQLIdentifier.quote(table.name))")
        counts[table.name] = try statement.step() ? Int(statement.int64(at: 0)) : 0
        statement.reset()
      }
      rowCounts = counts
    } catch let error as PersistenceError {
      throw error
    } catch let error as SQLiteError {
      throw .cannotOpen(path: url.path, reason: error.message)
    } catch {
      throw .cannotOpen(path: url.path, reason: "\(error)")
    }
    fingerprint = description.fingerprint
    // A size that cannot be read (a log removed meanwhile) counts as nothing: it is a figure
    // to show, not a fact anything depends on.
    let sizes = [file.path, file.path + "-wal"].compactMap {
      (try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int
    }
    size = sizes.reduce(0, +)
  }

  /// The store's problems, in words; none for a sound store: everything ``StoreCheck`` finds,
  /// the schema's triggers, views and virtual tables (`SchemaGuard`) among them.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a plan that is not valid.
  public func check() throws(PersistenceError) -> [String] {
    try StoreCheck(url: URL(fileURLWithPath: path), migrator: migrator).problems.map(\.description)
  }
}
