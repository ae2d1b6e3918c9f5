import SQLiteCore

/// The model types a configuration stores.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let schema = Schema([Movie.self])
/// ```
public struct Schema: Sendable {
  /// One model type, with the means to resolve its table.
  struct ModelType: Sendable {
    let identifier: ObjectIdentifier
    let name: String
    let resolve: @Sendable () throws(PersistenceError) -> TableSchema
  }

  let models: [ModelType]

  /// Creates a schema of model types.
  public init(_ types: [any PersistentModel.Type]) {
    models = types.map { Self.modelType($0) }
  }

  /// Creates a schema of model types.
  public init(_ types: any PersistentModel.Type...) {
    self.init(types)
  }

  private static func modelType<Model: PersistentModel>(_ type: Model.Type) -> ModelType {
    ModelType(identifier: ObjectIdentifier(type), name: "\(Model.self)") { () throws(PersistenceError) in
      let entity = Model.entity
      let name = entity.tableName ?? "\(Model.self)"
      var columns = try SchemaProbe.columns(of: Model.self)
      for external in entity.externalStorage {
        guard let position = columns.firstIndex(where: { $0.name == external }),
          [.blob, .json].contains(columns[position].kind)
        else {
          throw .invalidSchema("external storage of \(name) names '\(external)', which is not a stored Data or [Data]")
        }
        columns[position] = Column(name: external, kind: .external, isOptional: columns[position].isOptional)
      }
      for opaque in entity.codable {
        guard let position = columns.firstIndex(where: { $0.name == opaque }) else {
          throw .invalidSchema("codable attributes of \(name) name '\(opaque)', which is not a stored attribute")
        }
        columns[position] = Column(name: opaque, kind: .json, isOptional: columns[position].isOptional)
      }
      var defaults: [String: SQLValue] = [:]
      for declared in entity.defaults { defaults[declared.column] = try declared.value.get() }
      var table = try TableSchema(
        name: name, columns: columns, indexes: entity.indexes, foreignKeys: entity.foreignKeys,
        originalNames: entity.originalNames, defaults: defaults, searchable: entity.searchable,
        preservedOnDeletion: entity.preservedOnDeletion,
        primaryKey: entity.primaryKey ?? TableSchema.defaultPrimaryKey)
      table.family = entity.family
      return table
    }
  }
}
