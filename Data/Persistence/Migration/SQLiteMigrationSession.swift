import Foundation
import Repositories
import SQLValues
import SQLiteCore

/// A migration's work on a SQLite store: the engine's query builder and ``TableWriter``, on the
/// migration's connection.
struct SQLiteMigrationSession: MigrationSession {
  /// The migration's connection, with no history recorder.
  let state: StoreState
  /// The version's tables, which a write's delete rules may reach.
  let tables: [ObjectIdentifier: TableSchema]

  func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model>, table: TableSchema) throws -> [Model] {
    let query = try QueryBuilder(table: table, modelName: "\(Model.self)", dialect: Store.dialect, neighbours: tables)
      .select(descriptor)
    return try state.reader(for: query.sql, table: table).readAll(Model.self, binding: query.bindings)
  }

  func insert<Model: PersistentModel>(_ model: Model, table: TableSchema) throws {
    try writer(for: Model.self, table: table).insert([model], in: state)
  }

  func update<Model: PersistentModel>(_ model: Model, table: TableSchema) throws {
    try writer(for: Model.self, table: table).update([model], in: state)
  }

  func delete<Model: PersistentModel>(_ model: Model, table: TableSchema) throws {
    try writer(for: Model.self, table: table).delete([(model.id, try SQLValue(swiftValue: model.id))], in: state)
  }

  func execute(_ sql: String) throws {
    try state.connection.execute(sql)
  }

  /// The writer of a model's rows: the engine's one write path.
  private func writer<Model: PersistentModel>(for type: Model.Type, table: TableSchema) -> TableWriter<Model> {
    TableWriter(table: table, statements: TableStatements(table: table), tables: Array(tables.values))
  }
}
