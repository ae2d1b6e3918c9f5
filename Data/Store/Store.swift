import Foundation
import Synchronization

/// One open store: the connection of a configuration and the tables it holds.
///
/// Access to the connection is serialized by a lock, so a store is safe to share across
/// tasks; every operation runs to completion before the lock is released.
final class Store: Sendable {
  let configuration: ModelConfiguration
  let tables: [ObjectIdentifier: TableSchema]
  /// The folder of external files, when some attribute is declared with external storage.
  let external: ExternalFiles?
  private let state: Mutex<StoreState>
  /// The model type's name of each table, as the history records it.
  let modelNames: [String: String]
  /// Signalled after each commit that the history recorded, to wake this process's observers.
  let commits = CommitSignal()
  /// The read-only connections of a file store; an in-memory store reads through its one
  /// connection.
  private let readers: ReaderPool?

  /// Opens (and, if allowed, creates) the store of a configuration with these tables.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the file cannot be opened, is
  ///   not a database, or holds tables that do not match the models; the file is not changed.
  ///
  /// With a `migrator`, the store is recognized as a version of its plan and migrated to the
  /// latest version first.
  ///
  /// A writable store keeps a history of its transactions (see `HistoryLog`); `modelNames`
  /// names each model type in it.
  init(
    configuration: ModelConfiguration, tables: [ObjectIdentifier: TableSchema],
    modelNames: [ObjectIdentifier: String] = [:], migrator: StoreMigrator? = nil
  ) throws(PersistenceError) {
    self.configuration = configuration
    self.tables = tables
    self.modelNames = Dictionary(
      tables.map { ($0.value.name, modelNames[$0.key] ?? $0.value.name) }, uniquingKeysWith: { first, _ in first })
    let path = configuration.path
    let needsFiles = tables.values.contains { table in table.columns.contains { $0.kind == .external } }
    var createdFolder: URL?
    if needsFiles {
      let folder: URL =
        switch configuration.location {
        case .file(let url): ExternalFiles.folder(forStore: url)
        case .inMemory:
          FileManager.default.temporaryDirectory.appendingPathComponent("in-memory-\(UUID().uuidString).external")
        }
      // Anything already at the path, even a dangling symbolic link, is not removed below.
      let existed = (try? FileManager.default.attributesOfItem(atPath: folder.path)) != nil
      external = ExternalFiles(folder: folder, readOnly: !configuration.allowsSave)
      createdFolder = existed ? nil : folder
    } else {
      external = nil
    }
    let connection: Connection
    var opened = false
    // A store that cannot be opened leaves nothing behind, not even its new folder of files.
    defer { if !opened, let createdFolder { try? FileManager.default.removeItem(at: createdFolder) } }
    do {
      switch configuration.location {
      case .inMemory:
        connection = try Connection(location: .memory, readOnly: false)
      case .file(let url):
        if !configuration.allowsSave, !FileManager.default.fileExists(atPath: url.path) {
          throw PersistenceError.cannotOpen(path: path, reason: "no store exists there")
        }
        if configuration.allowsSave {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        }
        connection = try Connection(location: .file(url.path), readOnly: !configuration.allowsSave)
      }
      if let migrator {
        try migrator.prepare(connection, path: path, allowsSave: configuration.allowsSave, external: external)
      } else {
        try Self.prepareTables(Array(tables.values), on: connection, create: configuration.allowsSave)
      }
      // A store with external files lists those it writes; one from before the manifest gets
      // one listing the files its rows name.
      if configuration.allowsSave, external != nil, try !ExternalManifest.exists(on: connection) {
        let tables = Array(tables.values)
        try connection.writeTransaction { try ExternalManifest.create(adopting: tables, on: connection) }
      }
      // Only a store without history tables takes the write lock to create them.
      if configuration.allowsSave, configuration.keepsHistory, try !HistoryLog.exists(on: connection) {
        try connection.writeTransaction { try HistoryLog.prepare(on: connection) }
      }
    } catch let error as PersistenceError {
      throw error
    } catch let error as SQLiteError {
      throw .cannotOpen(path: path, reason: error.message)
    } catch {
      throw .cannotOpen(path: path, reason: "\(error.localizedDescription)")
    }
    opened = true
    state = Mutex(StoreState(connection: connection, external: external))
    if case .file = configuration.location {
      readers = ReaderPool(path: path, external: external)
    } else {
      readers = nil
    }
  }

  deinit {
    // An in-memory store's files go with it.
    if case .inMemory = configuration.location, let external {
      try? FileManager.default.removeItem(at: external.folder)
    }
  }

  /// Runs `body` with exclusive use of the connection.
  func withState<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
    try state.withLock { state in try body(state) }
  }

  /// Runs `body` with a connection to read from: one of its own on a file store, so reads do not
  /// wait for each other or for a write; the store's one connection in memory.
  func read<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
    guard let readers else { return try withState(body) }
    return try readers.read(body)
  }

  /// Runs `body` in one write transaction: all of its changes commit, or none.
  ///
  /// While `body` runs, `state.history` collects what it changes (when the store keeps a
  /// history), written to the history before the commit; observers are woken after it.
  /// External files that no row names any more are removed afterwards: after a transaction
  /// that may have replaced or deleted some (`replacesFiles`), and after any that failed.
  func write<T: Sendable>(
    replacesFiles: Bool = true, author: String? = nil, _ body: (StoreState) throws -> T
  ) throws -> T {
    guard configuration.allowsSave else {
      throw PersistenceError.cannotOpen(path: configuration.path, reason: "the store is read-only")
    }
    return try withState { state in
      let result: T
      var recorded = false
      var removed: [String] = []
      do {
        result = try state.connection.writeTransaction {
          // Under the write lock, no other writer is midway: what the journal names is settled.
          // A journal that cannot be read only leaves files behind; the write goes on.
          if let external { try? external.recover(on: state.connection) }
          // Every transaction is recorded in the history, in the same transaction.
          let recorder =
            configuration.keepsHistory
            ? HistoryRecorder(connection: state.connection, author: author, modelNames: modelNames) : nil
          state.history = recorder
          defer { state.history = nil }
          let result = try body(state)
          // Files no row names any more leave the manifest with this transaction; a collection
          // that fails changes nothing, and the next one removes them.
          if replacesFiles, let external {
            removed = (try? external.collectGarbage(tables: Array(tables.values), on: state.connection)) ?? []
          }
          recorded = try recorder?.flush() != nil
          return result
        }
      } catch {
        // Files written for the rolled-back rows are named by nothing.
        external?.discardWritten()
        throw error
      }
      external?.commitWritten()
      // Observers hear of a commit only once it has happened.
      if recorded { commits.notify() }
      // Only after the commit are the files removed: a rollback would still name them.
      external?.remove(removed)
      return result
    }
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
        if create { for statement in table.createStatements.dropFirst() { try connection.execute(statement) } }
      }
    }
    if create { try connection.writeTransaction(work) } else { try work() }
  }

  private static func existingColumns(of table: TableSchema, on connection: Connection) throws -> Set<String> {
    let statement = try connection.statement("SELECT name FROM pragma_table_info(?)")
    defer { statement.reset() }
    try statement.bind(.text(table.name), at: 1)
    var names = Set<String>()
    while try statement.step() { names.insert(statement.text(at: 0)) }
    return names
  }
}
