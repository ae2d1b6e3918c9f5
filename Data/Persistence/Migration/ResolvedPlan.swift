/// A migration plan with each version's models resolved to tables and its stages checked: the
/// part of migrating that is the same on every engine. Each engine's migrator recognizes a
/// store's version and makes its own SQL; this walks the stages between the versions.
struct ResolvedPlan: Sendable {
  /// One version of the plan, resolved to tables.
  struct Version: Sendable {
    let number: Schema.Version
    let tables: [ObjectIdentifier: TableSchema]
    /// The model type's name of each table, by table name.
    let modelNames: [String: String]
    var schemas: [TableSchema] { tables.values.sorted { $0.name < $1.name } }
  }

  /// Every version, oldest first.
  let versions: [Version]
  let stages: [MigrationStage]

  /// Resolves a plan's versions, each model's table by `resolve` (the engine's own way to
  /// store it), and checks its stages.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for versions out of order, a plan with
  ///   none, or a stage that does not join two consecutive versions.
  init(
    plan: any SchemaMigrationPlan.Type, resolve: (Schema.ModelType) throws(PersistenceError) -> TableSchema
  ) throws(PersistenceError) {
    var versions: [Version] = []
    for schema in plan.schemas {
      var tables: [ObjectIdentifier: TableSchema] = [:]
      var modelNames: [String: String] = [:]
      for model in Schema(schema.models).models {
        let table = try resolve(model)
        tables[model.identifier] = table
        modelNames[table.name] = model.name
      }
      if let last = versions.last, last.number >= schema.versionIdentifier {
        throw .invalidSchema("the migration plan lists version \(schema.versionIdentifier) after \(last.number)")
      }
      versions.append(Version(number: schema.versionIdentifier, tables: tables, modelNames: modelNames))
    }
    guard !versions.isEmpty else { throw .invalidSchema("the migration plan lists no schema") }
    let numbers = versions.map(\.number)
    for stage in plan.stages {
      guard let from = numbers.firstIndex(of: stage.from), from + 1 < numbers.count, numbers[from + 1] == stage.to
      else {
        throw .invalidSchema(
          "a migration stage goes from \(stage.from) to \(stage.to), which are not consecutive versions")
      }
    }
    self.versions = versions
    self.stages = plan.stages
  }

  /// The latest version, the one the app uses.
  var latest: Version { versions[versions.count - 1] }

  /// Why a recorded version is not one the plan can open: the words every command uses.
  func unknown(_ version: Schema.Version) -> String {
    version > latest.number
      ? "the store is version \(version), newer than this app's \(latest.number)"
      : "the store is version \(version), which this app does not know"
  }

  /// Runs every stage from the version at `index` to the latest, in order, inside the caller's
  /// transaction: a custom stage's `willMigrate` on the old shape, the engine's lightweight
  /// changes (`migrate`), then `didMigrate` on the new shape. `context` makes the
  /// ``MigrationContext`` a closure sees for a version.
  func walk(
    from index: Int, context: (Version) -> MigrationContext, migrate: (_ old: Version, _ new: Version) throws -> Void
  ) throws {
    for index in index..<(versions.count - 1) {
      let (old, new) = (versions[index], versions[index + 1])
      let stage = stages.first { $0.from == old.number }
      if case .custom(_, _, let willMigrate, _) = stage, let willMigrate { try willMigrate(context(old)) }
      try migrate(old, new)
      if case .custom(_, _, _, let didMigrate) = stage, let didMigrate { try didMigrate(context(new)) }
    }
  }
}
