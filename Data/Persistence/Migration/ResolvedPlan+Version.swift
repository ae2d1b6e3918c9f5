import Synchronization

extension ResolvedPlan {
  /// One version of a plan: its number, known at once, and its models' tables, resolved the
  /// first time any of them is asked for and kept from then on.
  final class Version: Sendable {
    /// The version's number.
    let number: Schema.Version
    private let models: [Schema.ModelType]
    private let resolve: @Sendable (Schema.ModelType) throws(PersistenceError) -> TableSchema
    private let resolved = Mutex<Tables?>(nil)

    /// A version's models resolved.
    private struct Tables: Sendable {
      /// The table of each model type.
      let byModel: [ObjectIdentifier: TableSchema]
      /// The model type's name of each table, by table name.
      let modelNames: [String: String]
      /// The tables by name.
      let sorted: [TableSchema]
    }

    /// A version whose models `resolve` turns into tables when first needed.
    init(
      number: Schema.Version, models: [any PersistentModel.Type],
      resolve: @escaping @Sendable (Schema.ModelType) throws(PersistenceError) -> TableSchema
    ) {
      self.number = number
      self.models = Schema(models).models
      self.resolve = resolve
    }

    /// The table of each model type of the version.
    ///
    /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a model whose table cannot be resolved.
    func tables() throws(PersistenceError) -> [ObjectIdentifier: TableSchema] { try resolvedTables().byModel }

    /// The model type's name of each table of the version, by table name.
    ///
    /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a model whose table cannot be resolved.
    func modelNames() throws(PersistenceError) -> [String: String] { try resolvedTables().modelNames }

    /// The version's tables, by name.
    ///
    /// - Throws: ``PersistenceError/invalidSchema(_:)`` for a model whose table cannot be resolved.
    func schemas() throws(PersistenceError) -> [TableSchema] { try resolvedTables().sorted }

    /// The tables, resolved now if no call resolved them before. Two threads asking at once may
    /// both resolve them, to the same tables: resolving reads only the models' declarations.
    private func resolvedTables() throws(PersistenceError) -> Tables {
      if let tables = resolved.withLock({ $0 }) { return tables }
      var byModel: [ObjectIdentifier: TableSchema] = [:]
      var modelNames: [String: String] = [:]
      for model in models {
        let table = try resolve(model)
        byModel[model.identifier] = table
        modelNames[table.name] = model.name
      }
      let tables = Tables(byModel: byModel, modelNames: modelNames, sorted: byModel.values.sorted { $0.name < $1.name })
      resolved.withLock { $0 = tables }
      return tables
    }
  }
}
