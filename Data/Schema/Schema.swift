/// The model types a configuration stores.
///
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

  /// Whether the schema includes a model type.
  func contains<Model: PersistentModel>(_ type: Model.Type) -> Bool {
    models.contains { $0.identifier == ObjectIdentifier(type) }
  }

  private static func modelType<Model: PersistentModel>(_ type: Model.Type) -> ModelType {
    ModelType(identifier: ObjectIdentifier(type), name: "\(Model.self)") { () throws(PersistenceError) in
      let entity = Model.entity
      return try TableSchema(
        name: entity.tableName ?? "\(Model.self)",
        columns: SchemaProbe.columns(of: Model.self),
        indexes: entity.indexes
      )
    }
  }
}
