import Foundation

/// The one entry point to an app's stores: it opens one store per named configuration.
///
/// Create a container once, in the composition root, and hand it to repositories:
///
/// <!-- snippet context: movies -->
/// ```swift
/// let container = try ModelContainer(
///   for: Movie.self,
///   configurations: ModelConfiguration("Catalog", url: storeURL)
/// )
/// let movies = try SQLiteRepository<Movie>(container: container)
/// ```
///
/// Each model's schema is resolved here, once: a declaration that names no stored property
/// fails now, not at the first query.
public final class ModelContainer: Sendable {
  /// The configurations, in the order given.
  public let configurations: [ModelConfiguration]
  let stores: [String: any DatabaseStore]
  /// The store of the first configuration, which ``mainContext`` writes.
  let firstStore: any DatabaseStore
  /// Where ``mainContext`` is kept once made.
  let mainContextSlot: MainContextSlot

  /// Opens a store for each configuration, holding the given model types.
  ///
  /// A configuration without a ``Schema`` holds every model type given here.
  ///
  /// - Throws: ``PersistenceError/duplicateConfiguration(_:)`` if two configurations share a
  ///   name; ``PersistenceError/invalidSchema(_:)`` for a model whose schema cannot be
  ///   resolved; ``PersistenceError/cannotOpen(path:reason:)`` for a URL that names no file
  ///   (`postgres://…`, `https://…`), before any store opens, and for a store that cannot be
  ///   opened — its file is then left exactly as it was.
  ///
  /// With a `migrationPlan`, the given types must be those of the plan's latest version; each
  /// store is recognized as one of the plan's versions and migrated to the latest before it is
  /// used (copied first to `<store>.<version>.backup` when `backupBeforeMigration` is set); an
  /// older version's models are resolved only when a store needs them — one of that version, one
  /// without a record of its version, a migration through it — so a mistake in their
  /// declarations is found then, and opening a store of the latest version costs no more for
  /// a plan's long history. A
  /// store newer than the plan, or of no version it knows, is refused and left untouched. A
  /// model added to the store's version since the store was last opened gets its table and
  /// indexes now, in one transaction, unless the store is opened read-only (it is then refused)
  /// or holds a table of that name the engine did not create (refused, and left untouched).
  public init(
    for types: [any PersistentModel.Type],
    migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
    backupBeforeMigration: Bool = false,
    configurations: [ModelConfiguration]
  ) throws(PersistenceError) {
    let configurations =
      configurations.isEmpty
      ? [ModelConfiguration(isStoredInMemoryOnly: true)] : configurations
    var seen = Set<String>()
    for configuration in configurations where !seen.insert(configuration.name).inserted {
      throw .duplicateConfiguration(configuration.name)
    }
    for configuration in configurations {
      try configuration.checkNamesAFile()
      try configuration.checkServerOptions(backupBeforeMigration: backupBeforeMigration)
    }
    let containerSchema = Schema(types)
    let migrator = try migrationPlan.map { (plan) throws(PersistenceError) in
      try StoreMigrator(plan: plan, backup: backupBeforeMigration)
    }
    var stores: [String: any DatabaseStore] = [:]
    var opened: [any DatabaseStore] = []
    // Databases first: one that cannot be reached fails the container before a store file is
    // created for another configuration.
    let order = configurations.filter(\.isServer) + configurations.filter { !$0.isServer }
    do {
      for configuration in order {
        let store = try Self.open(
          configuration, schema: configuration.schema ?? containerSchema, migrationPlan: migrationPlan,
          migrator: migrator)
        stores[configuration.name] = store
        opened.append(store)
      }
    } catch {
      // The stores opened before the one that failed are closed, not left to the process.
      for store in opened { try? store.close() }
      throw error
    }
    self.configurations = configurations
    self.stores = stores
    // There is a store per configuration, and at least one configuration.
    firstStore = stores[configurations[0].name]!
    mainContextSlot = MainContextSlot(owner: nil)
  }

  /// Opens a configuration's store, holding the models of its schema: a SQLite store, or a
  /// PostgreSQL database for a `postgres://` URL.
  private static func open(
    _ configuration: ModelConfiguration, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?,
    migrator: StoreMigrator?
  ) throws(PersistenceError) -> any DatabaseStore {
    let isServer = configuration.isServer
    var tables: [ObjectIdentifier: TableSchema] = [:]
    var tableNames = Set<String>()
    for model in schema.models {
      // PostgreSQL keeps every attribute in the row, those declared external included.
      let table = try isServer ? model.resolveInRow() : model.resolve()
      guard tableNames.insert(table.name.lowercased()).inserted else {
        throw .invalidSchema("two models of '\(configuration.name)' use the table \(table.name)")
      }
      tables[model.identifier] = table
    }
    for table in tables.values {
      for key in table.foreignKeys where !tableNames.contains(key.parentTable.lowercased()) {
        throw .invalidSchema(
          "\(table.name).\(key.column) refers to \(key.parentTable), which '\(configuration.name)' does not store")
      }
    }
    let names = Dictionary(schema.models.map { ($0.identifier, $0.name) }, uniquingKeysWith: { first, _ in first })
    guard case .server(let url) = configuration.location else {
      if let migrator, Set(migrator.plan.latestTables.values) != Set(tables.values) {
        throw .invalidSchema(
          "the models of '\(configuration.name)' are not those of the migration plan's latest version, \(migrator.latest.number)"
        )
      }
      return try Store(configuration: configuration, tables: tables, modelNames: names, migrator: migrator)
    }
    let serverMigrator = try migrationPlan.map { (plan) throws(PersistenceError) in try PostgresMigrator(plan: plan) }
    if let serverMigrator, serverMigrator.plan.latestTables != tables {
      throw .invalidSchema(
        "the models of '\(configuration.name)' are not those of the migration plan's latest version, \(serverMigrator.plan.latest.number)"
      )
    }
    var definitions: [ObjectIdentifier: PostgresTableDefinition] = [:]
    for (identifier, table) in tables {
      definitions[identifier] = PostgresTableDefinition(table, model: names[identifier] ?? table.name)
    }
    return try PostgresStore(
      opening: url.absoluteString, tables: serverMigrator?.definitions ?? definitions, migrator: serverMigrator,
      creating: configuration.allowsCreation, readOnly: !configuration.allowsSave,
      busyTimeout: configuration.busyTimeout)
  }

  /// A container for the same open stores as `other`, which its ``mainContext`` refers to: the
  /// context holds this one, not `other`, so `other` is released — and its stores closed —
  /// when its last user lets it go, though it keeps its main context.
  init(sharingStoresOf other: ModelContainer) {
    configurations = other.configurations
    stores = other.stores
    firstStore = other.firstStore
    mainContextSlot = MainContextSlot(owner: other)
  }

  /// Opens a store for each configuration, holding the given model types.
  ///
  /// - Throws: see ``init(for:migrationPlan:backupBeforeMigration:configurations:)-(_,_,_,[ModelConfiguration])``.
  public convenience init(
    for types: any PersistentModel.Type...,
    configurations: ModelConfiguration...
  ) throws(PersistenceError) {
    try self.init(for: types, configurations: configurations)
  }

  /// Opens a store for each configuration, holding the given model types, migrated by a plan.
  ///
  /// - Throws: see ``init(for:migrationPlan:backupBeforeMigration:configurations:)-(_,_,_,[ModelConfiguration])``.
  public convenience init(
    for types: any PersistentModel.Type...,
    migrationPlan: any SchemaMigrationPlan.Type,
    backupBeforeMigration: Bool = false,
    configurations: ModelConfiguration...
  ) throws(PersistenceError) {
    try self.init(
      for: types, migrationPlan: migrationPlan, backupBeforeMigration: backupBeforeMigration,
      configurations: configurations)
  }

  /// Closes every store of the container now, instead of when the container is released:
  /// writes in progress finish first, then each store's connections close, and when no other
  /// process has a store open, SQLite checkpoints its write-ahead log into the store and removes
  /// its `-wal` and `-shm` files. Call it before the process exits (a container still alive at
  /// `exit()` is never released, and leaves those files beside the store).
  ///
  /// First it saves what the contexts on its stores staged and did not save, when they
  /// autosave (``ModelContext/autosaveEnabled``, on for ``mainContext``), as SwiftData's
  /// autosave does; a context that does not autosave and holds changes keeps every store open,
  /// so that closing drops nothing.
  ///
  /// Afterwards every use of the container's repositories, contexts and observers throws
  /// ``PersistenceError/closed(path:)`` (through a repository, as `RepositoryError.unavailable`);
  /// closing again does nothing. A read already running, or a cursor already iterating, ends on
  /// its own connection, which closes then.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let container = try ModelContainer(for: Movie.self, configurations: configuration)
  /// try await SQLiteRepository<Movie>(container: container).insert(Movie(title: "Alien", date: .now))
  /// try container.close()  // before the process exits
  /// ```
  ///
  /// - Throws: ``PersistenceError/unsavedChanges(path:reason:)``, closing nothing, when a context
  ///   that does not autosave holds changes or an autosave fails (the changes stay staged);
  ///   ``PersistenceError/sqlite(_:)`` for the first store SQLite would not close — every other
  ///   store is closed all the same.
  public func close() throws(PersistenceError) {
    // Nothing closes while a change staged in a context would be dropped.
    for configuration in configurations { try stores[configuration.name]?.saveContexts() }
    var failure: PersistenceError?
    for configuration in configurations {
      do { try stores[configuration.name]?.close() } catch { failure = failure ?? error }
    }
    if let failure { throw failure }
  }

  /// The store of a configuration: the named one, or the only one.
  func store(named name: String?) throws(PersistenceError) -> any DatabaseStore {
    if let name {
      guard let store = stores[name] else {
        throw .unknownConfiguration("the container has no configuration named '\(name)'")
      }
      return store
    }
    guard configurations.count == 1, let only = configurations.first.flatMap({ stores[$0.name] }) else {
      throw .unknownConfiguration("the container has several configurations; name the one to use")
    }
    return only
  }

  /// The container's SQLite stores.
  var fileStores: [Store] { stores.values.compactMap { $0 as? Store } }

  /// The SQLite store of a configuration, for what only SQLite stores do: anything else is
  /// refused with ``PersistenceError/onlyForStoreFiles(configuration:feature:)`` naming
  /// `feature`, and that error's documentation lists every such feature.
  func fileStore(named name: String?, for feature: String) throws(PersistenceError) -> Store {
    let store = try store(named: name)
    guard let file = store as? Store else {
      let configuration = name ?? configurations.first?.name ?? "default"
      throw .onlyForStoreFiles(configuration: configuration, feature: feature)
    }
    return file
  }

  /// The store that holds a model type: the named configuration's, or the only one holding it.
  func databaseStore<Model: PersistentModel>(
    for type: Model.Type, configuration name: String?
  ) throws(PersistenceError) -> (any DatabaseStore, TableSchema) {
    let identifier = ObjectIdentifier(type)
    if let name {
      guard let store = stores[name] else {
        throw .unknownConfiguration("the container has no configuration named '\(name)'")
      }
      guard let table = store.tables[identifier] else {
        throw .unknownConfiguration("the configuration '\(name)' does not store \(Model.self)")
      }
      return (store, table)
    }
    let holding = configurations.compactMap { configuration -> (any DatabaseStore, TableSchema)? in
      guard let store = stores[configuration.name], let table = store.tables[identifier] else { return nil }
      return (store, table)
    }
    guard holding.count == 1, let only = holding.first else {
      throw .unknownConfiguration(
        holding.isEmpty
          ? "no configuration stores \(Model.self)"
          : "several configurations store \(Model.self); name the one to use")
    }
    return only
  }

  /// The SQLite store that holds a model type, for the SQLite engine's own repositories.
  package func store<Model: PersistentModel>(
    for type: Model.Type, configuration name: String?
  ) throws(PersistenceError) -> (Store, TableSchema) {
    let (store, table) = try databaseStore(for: type, configuration: name)
    guard let file = store as? Store else {
      throw .onlyForStoreFiles(
        configuration: name ?? configurations.first { stores[$0.name] === store }?.name ?? "default",
        feature: "SQLiteRepository<\(Model.self)>")
    }
    return (file, table)
  }
}
