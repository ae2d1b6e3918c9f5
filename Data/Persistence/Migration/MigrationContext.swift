import Foundation
public import Repositories
import SQLiteCore

/// The store as a custom migration stage sees it: in the old shape inside `willMigrate`, in
/// the new shape inside `didMigrate`, through that version's model types.
///
/// ```swift
/// .custom(fromVersion: V1.self, toVersion: V2.self, willMigrate: { context in
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
  private let connection: Connection
  private let tables: [ObjectIdentifier: TableSchema]
  private let external: ExternalFiles?
  /// The version whose shape the store has while the closure runs.
  public let version: Schema.Version

  init(
    connection: Connection, tables: [ObjectIdentifier: TableSchema], version: Schema.Version, external: ExternalFiles?
  ) {
    self.connection = connection
    self.tables = tables
    self.external = external
    self.version = version
  }

  /// The models a descriptor matches, filtered, sorted and paged in SQL.
  ///
  /// - Throws: ``PersistenceError`` if the model is not part of this version, or the query
  ///   cannot be translated or run.
  public func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> [Model]
  {
    let table = try table(for: Model.self)
    let query = try QueryBuilder(table: table, modelName: "\(Model.self)").select(descriptor)
    let statement = try connection.statement(query.sql)
    let decoder = RowDecoder(statement: statement, table: table, external: external)
    // The decoder's reusable container refers back to it; release that cycle when done.
    defer {
      decoder.reusableContainer = nil
      statement.reset()
    }
    try statement.bind(query.bindings)
    var models: [Model] = []
    while try statement.step() { models.append(try decoder.decode(Model.self)) }
    return models
  }

  /// Inserts a model.
  ///
  /// - Throws: ``PersistenceError`` if it cannot be stored (a duplicate identifier, say).
  public func insert<Model: PersistentModel>(_ model: Model) throws {
    try write(model, TableStatements(table: try table(for: Model.self)).insert)
  }

  /// Replaces the stored model with the same identifier.
  ///
  /// - Throws: ``PersistenceError`` if it cannot be stored.
  public func update<Model: PersistentModel>(_ model: Model) throws {
    try write(model, TableStatements(table: try table(for: Model.self)).update)
  }

  /// Deletes a model, found by its identifier.
  public func delete<Model: PersistentModel>(_ model: Model) throws {
    let statement = try connection.statement(TableStatements(table: try table(for: Model.self)).deleteByID)
    try statement.bind(try SQLValue(swiftValue: model.id), at: 1)
    try statement.run()
  }

  /// Runs SQL that returns no rows, for what the models cannot say.
  public func execute(_ sql: String) throws {
    try connection.execute(sql)
  }

  private func write<Model: PersistentModel>(_ model: Model, _ sql: String) throws {
    let encoder = RowEncoder(table: try table(for: Model.self), external: external, connection: connection)
    try encoder.encode(model)
    try encoder.run(try connection.statement(sql))
  }

  private func table<Model: PersistentModel>(for type: Model.Type) throws(PersistenceError) -> TableSchema {
    guard let table = tables[ObjectIdentifier(type)] else {
      throw .invalidSchema("\(Model.self) is not a model of schema version \(version)")
    }
    return table
  }
}
