import Foundation
import SQLValues
import SQLiteCore
import Synchronization

/// One open store: the connection of a configuration and the tables it holds.
///
/// Access to the connection is serialized by a lock, so a store is safe to share across
/// tasks; every operation runs to completion before the lock is released.
package final class Store: Sendable {
  /// The SQL every query of the store is written in.
  static let dialect: any SQLDialect = SQLiteDialect()
  let configuration: ModelConfiguration
  let tables: [ObjectIdentifier: TableSchema]
  /// The fixed SQL of each table's writes and lookups, by model type as ``tables``, built once
  /// when the store opens: a context's save and a unit of work write through it change after
  /// change, and building it is some thousand string operations.
  let statements: [ObjectIdentifier: TableStatements]
  /// The substring indexes of the tables that declare searchable attributes.
  let searchIndexes: [SearchIndex]
  /// The folder of external files, when some attribute is declared with external storage.
  let external: ExternalFiles?
  private let state: Mutex<StoreState>
  /// Whether ``close()`` has begun, readable without the lock.
  private let isClosed = Atomic<Bool>(false)
  /// The model type's name of each table, as the history records it.
  let modelNames: [String: String]
  /// Signalled after each commit that the history recorded, to wake this process's observers.
  let commits = CommitSignal()
  /// Finds other processes' commits for the observers while any observe; nil in memory.
  let watcher: StoreWatcher?
  /// Whether the store's file turned out to be read-only to this process although the
  /// configuration allows saving (its permissions say so); writes are then refused up front.
  private let readsOnly: Bool
  /// The real path of a file store's file (symbolic links followed); `nil` in memory.
  let filePath: String?
  /// Where connections that read a file store open it: the file, or — for a store opened
  /// without saving that this process cannot write beside — the file read as it lies
  /// (``StoreFile/readLocation``), or read as it lies when its disk has no room for the `-wal`
  /// and `-shm` its readers need and it has no log to read (``StoreFile/readLocationOnFullDisk``);
  /// `nil` in memory.
  let readLocation: Connection.Location?
  /// Which file was opened at `filePath`, to notice it being replaced (``checkFileInPlace()``).
  let openedIdentity: FileIdentity?
  /// Whether opening the store created its file (no other process created it first).
  let createdFile: Bool
  /// The folders created for the store's file, outermost first; empty unless ``createdFile``.
  let createdFolders: [String]
  /// Whether the folder of external files was missing when the store's file was created.
  let createdExternalFolder: Bool
  /// The version opening the store migrated it from; `nil` if it needed no migration (another
  /// process may have migrated it first).
  let migratedFrom: Schema.Version?
  /// The read-only connections of a file store; an in-memory store reads through its one
  /// connection.
  private let readers: ReaderPool?
  /// The staged changes of the contexts on this store, which ``close()`` must not drop
  /// (``saveContexts()``).
  let contexts = Mutex(TrackedContexts())

  /// Opens (and, if allowed, creates) the store of a configuration with these tables.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the file cannot be opened, is
  ///   not a database, or holds tables that do not match the models; if it has hard links and
  ///   the configuration allows saving, or this process has it open by another name (see
  ///   ``OpenStoreFiles``); the file is not changed.
  ///
  /// A file store is found at its real path and recognized before anything is written to it:
  /// its file is checked to be a SQLite database, read through a connection that changes
  /// nothing on disk, refused if its schema holds triggers, views or virtual tables
  /// (``SchemaGuard``), and recognized — with a `migrator`, as a version of its plan; without,
  /// as empty or holding one of the tables, the history or a schema record. Only then is a
  /// writing connection opened and the store prepared — migrated to the plan's latest version,
  /// or its missing tables created — and, that done, switched to WAL. A missing store is
  /// created whole and private by ``StoreFile/create(_:)``, when the configuration allows it.
  ///
  /// A writable store keeps a history of its transactions (see `HistoryLog`); `modelNames`
  /// names each model type in it.
  init(
    configuration: ModelConfiguration, tables: [ObjectIdentifier: TableSchema],
    modelNames: [ObjectIdentifier: String] = [:], migrator: StoreMigrator? = nil
  ) throws(PersistenceError) {
    self.configuration = configuration
    self.tables = tables
    self.statements = tables.mapValues(TableStatements.init)
    self.searchIndexes = tables.values.compactMap(SearchIndex.init).sorted { $0.table < $1.table }
    self.modelNames = Dictionary(
      tables.map { ($0.value.name, modelNames[$0.key] ?? $0.value.name) }, uniquingKeysWith: { first, _ in first })
    let path = configuration.path
    let file: StoreFile?
    switch configuration.location {
    case .file(let url): file = StoreFile(path: url.path, vfs: configuration.vfs)
    case .inMemory: file = nil
    case .server:
      // The container opens a database as a PostgresStore.
      throw .cannotOpen(path: path, reason: "it names a PostgreSQL database, not a SQLite store")
    }
    filePath = file?.path
    var readLocation = file.map { configuration.allowsSave ? .file($0.path) : $0.readLocation }
    watcher = file.map { StoreWatcher(path: $0.path, usesFileEvents: configuration.watchesFileEvents) }
    let needsFiles = tables.values.contains { table in table.columns.contains { $0.kind == .external } }
    let external: ExternalFiles?
    if needsFiles {
      // Beside the real file: a store reached through a link, or moved with its folder, keeps its files.
      let folder =
        file.map { ExternalFiles.folder(forStore: URL(fileURLWithPath: $0.path)) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("in-memory-\(UUID().uuidString).external")
      external = ExternalFiles(folder: folder)
    } else {
      external = nil
    }
    self.external = external
    let preparation = StorePreparation(
      configuration: configuration, tables: Array(tables.values), migrator: migrator, realPath: file?.path ?? path,
      external: external)
    let connection: Connection
    var createdFolders: [String]?
    var createdExternalFolder = false
    var migratedFrom: Schema.Version?
    do {
      if let file {
        if !file.exists {
          guard configuration.allowsCreation else {
            throw PersistenceError.cannotOpen(path: path, reason: "no store exists there")
          }
          createdExternalFolder = external.map { !FileManager.default.fileExists(atPath: $0.folder.path) } ?? false
          createdFolders = try file.create { connection in try preparation.run(on: connection) }
        }
        // A file with other names is read, never written (see StoreFile.checkOneName()).
        if configuration.allowsSave { try file.checkOneName() }
        try preparation.recognize(on: file.inspectionConnection())
        if configuration.allowsSave {
          file.repairSidecarModes()
          StoreTemporary.removeAbandoned(besideStore: file.path)
        }
        // Still not WAL: a migration that fails leaves even the file's header as it was.
        let location: Connection.Location
        (connection, location) = try Self.connect(file, at: readLocation ?? .file(file.path), configuration)
        readLocation = location
        // The schema guard passed (`recognize`): the only triggers are the search indexes'.
        try connection.runCheckedTriggers()
        migratedFrom = try preparation.run(on: connection)
        if configuration.allowsSave, !connection.isReadOnly { try connection.useWAL() }
      } else {
        connection = try Connection(location: .memory, readOnly: false)
        try connection.runCheckedTriggers()
        try preparation.run(on: connection)
      }
    } catch let error as PersistenceError {
      throw error
    } catch let error as SQLiteError where error.isBusy {
      throw .busyStore(at: file?.path ?? path, waited: configuration.busyTimeout)
    } catch let error as SQLiteError where error.isDiskFull {
      throw FullDisk.error(store: path, realPath: file?.path ?? path)
    } catch let error as SQLiteError {
      throw .cannotOpen(path: path, reason: file?.explain(error) ?? error.message)
    } catch {
      throw .cannotOpen(path: path, reason: "\(error.localizedDescription)")
    }
    readsOnly = connection.isReadOnly
    self.createdFile = createdFolders != nil
    self.createdFolders = createdFolders ?? []
    self.createdExternalFolder = createdExternalFolder
    self.migratedFrom = migratedFrom
    openedIdentity = file.flatMap { FileIdentity(path: $0.path) }
    if let file, let openedIdentity { try OpenStoreFiles.add(openedIdentity, path: file.path, given: path) }
    state = Mutex(StoreState(connection: connection, external: external))
    self.readLocation = readLocation
    readers = readLocation.map { [external] location in
      ReaderPool(location: location, external: external, busyTimeout: configuration.busyTimeout, vfs: configuration.vfs)
    }
  }

  /// The store's own connection to its file at `location`, still not WAL: a migration that
  /// fails leaves even the file's header as it was; and where it reads. A store opened without
  /// saving whose disk has no room for the `-wal` and `-shm` a reader needs reads the file as it
  /// lies, if every commit is in it (``StoreFile/readLocationOnFullDisk``).
  private static func connect(
    _ file: StoreFile, at location: Connection.Location, _ configuration: ModelConfiguration
  ) throws(SQLiteError) -> (Connection, Connection.Location) {
    var failure: SQLiteError?
    do {
      let connection = try Connection(
        location: location, readOnly: !configuration.allowsSave, creates: false, usesWAL: false,
        busyTimeout: configuration.busyTimeout, vfs: configuration.vfs)
      return (connection, location)
    } catch {
      failure = error
    }
    guard let failure, failure.isDiskFull, !configuration.allowsSave, let lying = file.readLocationOnFullDisk else {
      throw failure ?? SQLiteError(extendedCode: 1, message: "the store could not be opened")
    }
    let connection = try Connection(location: lying, readOnly: true, vfs: configuration.vfs)
    return (connection, lying)
  }

  /// The fixed SQL of a model type's table: the one built when the store opened.
  func statements<Model: PersistentModel>(of _: Model.Type, table: TableSchema) -> TableStatements {
    statements[ObjectIdentifier(Model.self)] ?? TableStatements(table: table)
  }

  deinit {
    if let openedIdentity, !isClosed.load(ordering: .acquiring) { OpenStoreFiles.remove(openedIdentity) }
    // An in-memory store's files go with it. A deinitializer cannot throw; what a failed removal
    // leaves is in the temporary folder, named by nothing, and harms no store.
    if case .inMemory = configuration.location, let external {
      try? FileManager.default.removeItem(at: external.folder)
    }
  }

  /// Runs `body` with exclusive use of the connection.
  ///
  /// - Throws: ``PersistenceError/closed(path:)`` once the store is closed, or what `body` throws.
  func withState<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
    try state.withLock { state in
      guard !state.isClosed else { throw PersistenceError.closed(path: configuration.path) }
      return try body(state)
    }
  }

  /// Throws ``PersistenceError/closed(path:)`` once the store is closed. It does not wait for
  /// the store's lock, so reads never wait for a write to learn it.
  func checkOpen() throws(PersistenceError) {
    guard !isClosed.load(ordering: .acquiring) else { throw .closed(path: configuration.path) }
  }

  /// Closes the store's connections, after any write in progress: its readers', then its own,
  /// so that the last to close — when no other process has the store open — checkpoints the
  /// write-ahead log and SQLite removes the `-wal` and `-shm` files. Every later use throws
  /// ``PersistenceError/closed(path:)``; closing twice does nothing. A read in progress ends on
  /// its connection, which closes then. The watch for other processes' commits stops, and the
  /// observers are woken to meet the error.
  ///
  /// - Throws: ``PersistenceError/sqlite(_:)`` for the first connection SQLite would not close;
  ///   the others are closed all the same, and the store counts as closed.
  func close() throws(PersistenceError) {
    // Its thread reads through the readers: stopped first, it keeps none open.
    watcher?.close()
    defer { commits.notify() }
    let failure: (any Error)? = state.withLock { state in
      guard !state.isClosed else { return nil }
      state.isClosed = true
      isClosed.store(true, ordering: .releasing)
      if let openedIdentity { OpenStoreFiles.remove(openedIdentity) }
      var failure: (any Error)?
      do { try readers?.close() } catch { failure = error }
      do { try state.close() } catch { failure = failure ?? error }
      do { try releaseLog() } catch { failure = failure ?? error }
      return failure
    }
    switch failure {
    case nil: return
    case let error as SQLiteError where error.isDiskFull:
      throw FullDisk.error(store: configuration.path, realPath: filePath ?? configuration.path)
    case let error as SQLiteError: throw .sqlite(error)
    case let error as PersistenceError: throw error
    case let error?: throw .cannotOpen(path: configuration.path, reason: "\(error)")
    }
  }

  /// Lets SQLite remove the log a store opened without saving (``ModelConfiguration/allowsSave``
  /// off) leaves beside it. Only connections that may write checkpoint the log and delete the
  /// `-wal` and `-shm` files when they are the last to close; this one writes nothing but what
  /// other connections committed, and only when the user may write the file anyway.
  private func releaseLog() throws(SQLiteError) {
    // A file with other names is not checkpointed through this one: another name's log may
    // hold what this one's would overwrite.
    guard !configuration.allowsSave, let path = filePath, access(path, W_OK) == 0,
      FileManager.default.fileExists(atPath: path + "-wal"), StoreFile(path: path).otherNames == 0
    else { return }
    do {
      let last = try Connection(
        location: .file(path), readOnly: false, creates: false, usesWAL: false,
        busyTimeout: configuration.busyTimeout, vfs: configuration.vfs)
      try last.close()
    } catch  where error.isDiskFull {
      // A disk without room keeps the log, and every commit in it, for the next writable open
      // to use and remove: a reader has nothing to report.
    }
  }

  /// Runs `body` with a connection to read from: one of its own on a file store, so reads do not
  /// wait for each other or for a write; the store's one connection in memory.
  ///
  /// A disk with no room for what the read needs (its `-shm`, a temporary file of a large sort)
  /// throws ``PersistenceError/diskFull(path:temporary:)``, naming it.
  func read<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
    do {
      guard let readers else { return try withState(body) }
      try checkOpen()
      return try readers.read(body)
    } catch {
      throw FullDisk.translate(error, store: configuration.path, realPath: filePath)
    }
  }

  /// Runs `body` in one write transaction: all of its changes commit, or none.
  ///
  /// While `body` runs, `state.history` collects what it changes (when the store keeps a
  /// history), written to the history before the commit; observers are woken after it.
  /// External files that no row names any more are removed afterwards: after a transaction
  /// that may have replaced or deleted some (`replacesFiles`), and after any that failed.
  package func write<T: Sendable>(
    replacesFiles: Bool = true, author: String? = nil, _ body: (StoreState) throws -> T
  ) throws -> T {
    guard configuration.allowsSave else {
      throw PersistenceError.cannotOpen(path: configuration.path, reason: "the store is read-only")
    }
    guard !readsOnly else {
      throw PersistenceError.cannotOpen(
        path: configuration.path, reason: "the store is read-only: its file's permissions do not let you write it")
    }
    return try withState { state in
      let result: T
      var recorded: HistoryToken?
      var removed: [String] = []
      do {
        result = try state.connection.writeTransaction {
          // A store removed or replaced while this write waited for the lock is not written
          // unseen: the write fails, saying so.
          try checkFileInPlace()
          // Nor is one given another name since it opened (a hard link: a second -wal).
          if let filePath { try StoreFile(path: filePath).checkOneName(as: configuration.path) }
          // Under the write lock, no other writer is midway: what the journal names is settled.
          // A journal that cannot be read only leaves files behind; the write goes on.
          if let external { _ = try? external.recover(on: state.connection) }
          // Every transaction is recorded in the history, in the same transaction.
          let recorder =
            configuration.keepsHistory
            ? HistoryRecorder(connection: state.connection, author: author, modelNames: modelNames) : nil
          state.history = recorder
          defer { state.history = nil }
          let result = try body(state)
          // The changes this transaction made to searchable text go into the indexes in one
          // statement each (see SearchIndex).
          for index in searchIndexes {
            for statement in index.flushStatements { try state.connection.execute(statement) }
          }
          // Files no row names any more leave the manifest with this transaction; a collection
          // that fails changes nothing, and the next one removes them.
          if replacesFiles, let external {
            removed = (try? external.collectGarbage(tables: Array(tables.values), on: state.connection)) ?? []
          }
          recorded = try recorder?.flush()
          return result
        }
      } catch {
        // Files written for the rolled-back rows are named by nothing.
        external?.discardWritten()
        if let error = error as? SQLiteError, error.isBusy {
          throw PersistenceError.busyStore(at: filePath ?? configuration.path, waited: configuration.busyTimeout)
        }
        throw FullDisk.translate(error, store: configuration.path, realPath: filePath)
      }
      external?.commitWritten()
      // Observers hear of a commit only once it has happened.
      if let recorded { commits.notify(through: recorded) }
      // Only after the commit are the files removed: a rollback would still name them.
      external?.remove(removed)
      return result
    }
  }
}
