import Foundation
import PostgresCore
import Repositories

/// A migration's work on a PostgreSQL store: each model's ``PostgresRepository`` paths, on the
/// migration's connection, for the tables of the version the store has at that moment.
struct PostgresMigrationSession: MigrationSession {
  let store: PostgresStore
  let connection: PostgresConnection
  /// The version's tables, which a reference filter may read.
  let tables: [ObjectIdentifier: TableSchema]
  /// The model type's name of each table, by table name.
  let modelNames: [String: String]

  func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model>, table: TableSchema) throws -> [Model] {
    let repository = self.repository(Model.self, table)
    let definition = repository.definition
    let query = try PostgresQuery(descriptor, columns: definition.selectColumns, on: definition, neighbours: tables)
    return try repository.fetch(query, descriptor, on: connection)
  }

  func insert<Model: PersistentModel>(_ model: Model, table: TableSchema) throws {
    let repository = self.repository(Model.self, table)
    try repository.insert(try repository.encoded([model]), on: connection)
  }

  func update<Model: PersistentModel>(_ model: Model, table: TableSchema) throws {
    let repository = self.repository(Model.self, table)
    try repository.update(try repository.encoded([model]), [model.id], on: connection)
  }

  func delete<Model: PersistentModel>(_ model: Model, table: TableSchema) throws {
    try repository(Model.self, table).delete(ids: [model.id], on: connection)
  }

  func execute(_ sql: String) throws {
    try connection.execute(sql)
  }

  /// The repository of a version's model, which may be one the store does not hold (an older
  /// version's).
  private func repository<Model: PersistentModel>(_: Model.Type, _ table: TableSchema) -> PostgresRepository<Model> {
    PostgresRepository(
      store: store, definition: PostgresTableDefinition(table, model: modelNames[table.name] ?? "\(Model.self)"))
  }
}

extension PostgresRepository {
  /// A repository of a table the caller resolved: a migration's, of a model of any version.
  init(store: PostgresStore, definition: PostgresTableDefinition) {
    self.store = store
    self.definition = definition
    statements = PostgresStatements(definition)
    author = nil
  }
}
