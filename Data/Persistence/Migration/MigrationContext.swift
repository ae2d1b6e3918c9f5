import Foundation
public import Repositories
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
/// Everything it does is part of the migration's one transaction. It lives only as long as the
/// stage's closure runs.
public final class MigrationContext {
  /// The migration's connection, with no history: a migration's changes are not the app's.
  private let state: StoreState
  private let tables: [ObjectIdentifier: TableSchema]
  /// The version whose shape the store has while the closure runs.
  public let version: Schema.Version

  init(
    connection: Connection, tables: [ObjectIdentifier: TableSchema], version: Schema.Version, external: ExternalFiles?
  ) {
    state = StoreState(connection: connection, external: external)
    self.tables = tables
    self.version = version
  }

  /// The models a descriptor matches, filtered, sorted and paged in SQL.
  ///
  /// - Throws: ``PersistenceError`` if the model is not part of this version, or the query
  ///   cannot be translated or run.
  public func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> [Model]
  {
    let table = try table(for: Model.self)
    let query = try QueryBuilder(table: table, modelName: "\(Model.self)", neighbours: tables).select(descriptor)
    return try state.reader(for: query.sql, table: table).readAll(Model.self, binding: query.bindings)
  }

  /// Inserts a model.
  ///
  /// - Throws: ``PersistenceError`` if it cannot be stored (a duplicate identifier, say).
  public func insert<Model: PersistentModel>(_ model: Model) throws {
    try writer(for: Model.self).insert([model], in: state)
  }

  /// Replaces the stored model with the same identifier.
  ///
  /// - Throws: ``PersistenceError`` if it cannot be stored.
  public func update<Model: PersistentModel>(_ model: Model) throws {
    try writer(for: Model.self).update([model], in: state)
  }

  /// Deletes a model, found by its identifier.
  public func delete<Model: PersistentModel>(_ model: Model) throws {
    try writer(for: Model.self).delete([(model.id, try SQLValue(swiftValue: model.id))], in: state)
  }

  /// Runs SQL that returns no rows, for what the models cannot say.
  public func execute(_ sql: String) throws {
    try state.connection.execute(sql)
  }

  /// The writer of a model's rows: the engine's one write path.
  private func writer<Model: PersistentModel>(for type: Model.Type) throws -> TableWriter<Model> {
    let table = try table(for: type)
    return TableWriter(table: table, statements: TableStatements(table: table), tables: Array(tables.values))
  }

  private func table<Model: PersistentModel>(for type: Model.Type) throws(PersistenceError) -> TableSchema {
    guard let table = tables[ObjectIdentifier(type)] else {
      throw .invalidSchema("\(Model.self) is not a model of schema version \(version)")
    }
    return table
  }
}
