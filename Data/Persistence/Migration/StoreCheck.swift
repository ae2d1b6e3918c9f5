public import Foundation
import SQLValues
import SQLiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every damage that can be found in a store, without changing it: the header's fields, the
/// files' modes, SQLite's integrity and references, the schema and its version, and the
/// external files (missing, unreadable, not regular, not private, or the store's own and
/// named by no row), values no read could decode (`StoredValuesCheck`) and identifiers two
/// members of a family hold (`FamilyKeysCheck`); and the safe
/// repairs, made only when asked.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let check = try StoreCheck(url: storeURL, plan: CatalogMigrationPlan.self)
/// let report = check.problems.map(String.init(describing:)).joined(separator: "\n")
/// ```
public struct StoreCheck: Sendable {
  /// The store's file, as given.
  public let url: URL
  /// The store's real file, links resolved: the one checked and repaired.
  let realURL: URL
  /// What is wrong, in the order found; empty for a sound store.
  public private(set) var problems: [StoreProblem] = []
  /// What is worth knowing but breaks nothing: files open to other users (as stores made
  /// before stores were created private are), which ``repair(detachingMissingFiles:)``
  /// makes private.
  public private(set) var notes: [StoreProblem] = []
  /// The store's version, when it is recognized.
  public private(set) var version: Schema.Version?
  /// Whether SQLite opened the store: when not, with a sound header, what kept it from opening
  /// may lie beside the file (a `-wal` that is a FIFO, a folder it cannot read), not in it.
  public private(set) var wasOpened = false
  /// Whether the file's first 100 bytes are a header SQLite and the engine accept (an empty
  /// file has none, and counts as sound).
  public private(set) var headerIsSound = true
  let migrator: StoreMigrator
  private var versionIndex: Int?
  /// The names of the version's tables the store lacks because their models were added to the
  /// version since: the next writable open creates them.
  private var addedTables: Set<String> = []
  /// The tables of the store's version that it has, when it is recognized.
  private(set) var versionTables: [TableSchema]?

  /// Checks the store at `url` against a migration plan, read-only.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if there is no file there;
  ///   ``PersistenceError/invalidSchema(_:)`` for a plan that is not valid;
  ///   ``PersistenceError/diskFull(path:temporary:)`` when a disk has no room for what reading
  ///   needs. A file SQLite cannot read is a problem, not an error.
  public init(url: URL, plan: any SchemaMigrationPlan.Type) throws(PersistenceError) {
    try self.init(url: url, migrator: StoreMigrator(plan: plan, backup: false))
  }

  init(url: URL, migrator: StoreMigrator) throws(PersistenceError) {
    self.url = url
    self.migrator = migrator
    let file = StoreFile(path: url.path)
    guard file.exists else { throw .cannotOpen(path: url.path, reason: "no store exists there") }
    realURL = URL(fileURLWithPath: file.path)
    if let header = StoreHeader(path: file.path) {
      headerIsSound = header.problems.isEmpty
      let repair: StoreProblem.Repair? = header.versionsAreTheOnlyFault ? .resetHeaderVersions : nil
      problems += header.problems.map { StoreProblem($0, repair: repair) }
    }
    for path in [file.path, file.path + "-wal", file.path + "-shm"] { notes += Self.privacy(of: path, mode: 0o600) }
    let others = file.otherNames
    if others > 0 { problems.append(StoreProblem(StoreFile.linksReason(names: others + 1))) }
    let connection: Connection
    do {
      // Changes nothing on disk: not even a -wal or -shm file appears.
      connection = try file.inspectionConnection()
      wasOpened = true
    } catch .diskFull(let path, let temporary) {
      // A disk without room says nothing of the store.
      throw .diskFull(path: path, temporary: temporary)
    } catch {
      problems.append(StoreProblem("SQLite cannot read it: \(error)"))
      return
    }
    do {
      do { try SchemaGuard.check(connection, path: url.path) } catch let PersistenceError.cannotOpen(_, reason) {
        problems.append(StoreProblem(reason))
      }
      try checkSchema(on: connection)
      try checkIntegrity(on: connection)
      if let versionIndex, let tables = versionTables {
        let found = try ExternalFilesCheck(
          folder: ExternalFiles.folder(forStore: realURL), tables: tables,
          modelNames: try migrator.versions[versionIndex].modelNames(), connection: connection
        ).problems()
        problems += try StoredValuesCheck(
          tables: tables, modelNames: try migrator.versions[versionIndex].modelNames(), connection: connection
        ).problems()
        problems += try SearchIndexCheck(tables: tables, connection: connection).problems()
        problems += try FamilyKeysCheck(tables: tables, connection: connection).problems()
        // Modes are notes; everything else a file can have wrong is a problem.
        for problem in found {
          if case .makePrivate? = problem.repair { notes.append(problem) } else { problems.append(problem) }
        }
      }
    } catch let error as SQLiteError where error.isDiskFull {
      throw FullDisk.error(store: url.path, realPath: realURL.path)
    } catch {
      problems.append(StoreProblem("it cannot be read whole: \(error)"))
    }
  }

  /// The version and the tables.
  private mutating func checkSchema(on connection: Connection) throws {
    let live = try SchemaDescription.read(from: connection)
    let record = try SchemaRecord.read(from: connection, path: url.path)
    versionIndex = try migrator.recognizedVersion(of: live, record: record)
    guard let versionIndex else {
      problems.append(StoreProblem(migrator.unrecognized(live, record: record)))
      return
    }
    version = migrator.versions[versionIndex].number
    // A model added to the version has no table yet until a writable open creates it.
    let added = try migrator.added(to: versionIndex, live: live, record: record)
    addedTables = Set(added.map(\.name))
    versionTables = try migrator.versions[versionIndex].schemas().filter { !addedTables.contains($0.name) }
    if try migrator.tables(of: versionIndex, lacking: added) != live {
      problems.append(StoreProblem("its tables differ from those of version \(migrator.versions[versionIndex].number)"))
    }
    do {
      try SchemaGuard.checkDefinitions(connection, of: try migrator.versions[versionIndex].schemas(), path: url.path)
    } catch let PersistenceError.cannotOpen(_, reason) {
      problems.append(StoreProblem(reason))
    }
  }

  /// SQLite's integrity check and every reference between tables.
  ///
  /// See [integrity_check](https://www.sqlite.org/pragma.html#pragma_integrity_check) and
  /// [foreign_key_check](https://www.sqlite.org/pragma.html#pragma_foreign_key_check).
  private mutating func checkIntegrity(on connection: Connection) throws {
    let integrity = try connection.statement("PRAGMA integrity_check")
    defer { integrity.reset() }
    while try integrity.step() {
      let line = integrity.text(at: 0)
      if line != "ok" { problems.append(StoreProblem("integrity: \(line)")) }
    }
    let references = try connection.statement("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")
    defer { references.reset() }
    while try references.step() {
      problems.append(
        StoreProblem(
          "row \(references.int64(at: 1)) of \(references.text(at: 0)) refers to a missing row of \(references.text(at: 2))"
        ))
    }
  }

  /// A problem if a file or folder that exists is open to others than its owner.
  static func privacy(of path: String, mode: UInt16) -> [StoreProblem] {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFLNK else { return [] }
    let permissions = UInt16(status.st_mode & 0o777)
    guard permissions & 0o077 != 0 else { return [] }
    return [
      StoreProblem(
        "\(path) is open to other users (mode \(String(permissions, radix: 8)))",
        repair: .makePrivate(path: path, mode: mode))
    ]
  }
}
