import Foundation
public import Repositories
import SQLValues
import SQLiteCore

/// The store as a custom migration stage sees it: in the old shape inside `willMigrate`, in
/// the new shape inside `didMigrate`, through that version's model types.
///
/// <!-- snippet context: versions -->
/// ```swift
/// let stage = MigrationStage.custom(fromVersion: V1.self, toVersion: V2.self, willMigrate: { context in
///   // Make titles unique before V2 declares them so.
///   for movie in try context.fetch(FetchDescriptor<MovieV1>()) where movie.title.isEmpty {
///     try context.delete(movie)
///   }
/// }, didMigrate: nil)
/// ```
///
/// Everything it does is part of the migration's one transaction, on either engine. It lives
/// only as long as the stage's closure runs.
public final class MigrationContext {
  /// The engine's work on the migration's connection, with no history: a migration's changes
  /// are not the app's.
  private let session: any MigrationSession
  private let tables: [ObjectIdentifier: TableSchema]
  /// The version whose shape the store has while the closure runs.
  public let version: Schema.Version

  /// A context over an engine's session, for a version's tables.
  init(session: any MigrationSession, tables: [ObjectIdentifier: TableSchema], version: Schema.Version) {
    self.session = session
    self.tables = tables
    self.version = version
  }

  /// A context on a SQLite store's connection.
  convenience init(
    connection: Connection, tables: [ObjectIdentifier: TableSchema], version: Schema.Version, external: ExternalFiles?
  ) {
    self.init(
      session: SQLiteMigrationSession(state: StoreState(connection: connection, external: external), tables: tables),
      tables: tables, version: version)
  }

  /// The models a descriptor matches, filtered, sorted and paged in SQL.
  ///
  /// - Throws: ``PersistenceError`` if the model is not part of this version, or the query
  ///   cannot be translated or run.
  public func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> [Model]
  {
    try session.fetch(descriptor, table: try table(for: Model.self))
  }

  /// Inserts a model.
  ///
  /// - Throws: ``PersistenceError`` if it cannot be stored (a duplicate identifier, say).
  public func insert<Model: PersistentModel>(_ model: Model) throws {
    try session.insert(model, table: try table(for: Model.self))
  }

  /// Replaces the stored model with the same identifier.
  ///
  /// - Throws: ``PersistenceError`` if it cannot be stored.
  public func update<Model: PersistentModel>(_ model: Model) throws {
    try session.update(model, table: try table(for: Model.self))
  }

  /// Deletes a model, found by its identifier.
  public func delete<Model: PersistentModel>(_ model: Model) throws {
    try session.delete(model, table: try table(for: Model.self))
  }

  /// Runs SQL that returns no rows, for what the models cannot say, in the store's own
  /// dialect.
  public func execute(_ sql: String) throws {
    try session.execute(sql)
  }

  private func table<Model: PersistentModel>(for type: Model.Type) throws(PersistenceError) -> TableSchema {
    guard let table = tables[ObjectIdentifier(type)] else {
      throw .invalidSchema("\(Model.self) is not a model of schema version \(version)")
    }
    return table
  }
}

/// What a ``MigrationContext`` does, on one engine's connection inside the migration's
/// transaction: each engine's one write path and query, for a table of the version.
protocol MigrationSession {
  /// The models a descriptor matches in a table.
  func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model>, table: TableSchema) throws -> [Model]
  /// Inserts a model into its table.
  func insert<Model: PersistentModel>(_ model: Model, table: TableSchema) throws
  /// Replaces the stored model with the same identifier.
  func update<Model: PersistentModel>(_ model: Model, table: TableSchema) throws
  /// Deletes the stored model with the same identifier.
  func delete<Model: PersistentModel>(_ model: Model, table: TableSchema) throws
  /// Runs SQL that returns no rows.
  func execute(_ sql: String) throws
}
