import SQLValues

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
    /// The table with externally stored attributes kept in the row.
    let resolveInRow: @Sendable () throws(PersistenceError) -> TableSchema
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
    ModelType(
      identifier: ObjectIdentifier(type), name: "\(Model.self)",
      resolve: { () throws(PersistenceError) in try table(of: Model.self, externalInRow: false) },
      resolveInRow: { () throws(PersistenceError) in try table(of: Model.self, externalInRow: true) })
  }

  /// The table of a model type, from its `Codable` shape refined by its ``Entity``.
  ///
  /// - Parameter externalInRow: whether attributes declared with external storage stay in the
  ///   row as the type they are (`Data` as bytes, `[Data]` as JSON), for an engine that keeps
  ///   large values out of the table's pages itself, rather than in files beside the store.
  private static func table<Model: PersistentModel>(
    of type: Model.Type, externalInRow: Bool
  ) throws(PersistenceError) -> TableSchema {
    let entity = Model.entity
    let name = entity.tableName ?? "\(Model.self)"
    var columns = try SchemaProbe.columns(of: Model.self)
    for external in entity.externalStorage {
      guard let position = columns.firstIndex(where: { $0.name == external }),
        [.blob, .json].contains(columns[position].kind)
      else {
        throw .invalidSchema(
          "external storage of \(name) names '\(KeyPathName.readable(external))', which is not a stored Data or [Data]")
      }
      if !externalInRow {
        columns[position] = Column(name: external, kind: .external, isOptional: columns[position].isOptional)
      }
    }
    for opaque in entity.codable {
      guard let position = columns.firstIndex(where: { $0.name == opaque }) else {
        throw .invalidSchema(
          "codable attributes of \(name) name '\(KeyPathName.readable(opaque))', which is not a stored attribute")
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
