/// A migration plan with its stages checked and each version's models resolved to tables when
/// first needed: the part of migrating that is the same on every engine. Each engine's migrator
/// recognizes a store's version and makes its own SQL; this walks the stages between the
/// versions.
///
/// Only the latest version is resolved up front. An older one is resolved when a store needs it
/// — one of its version, one without a record to recognize, a migration from it — so opening a
/// store of the latest version does not pay for the models of every version before it (their
/// key paths are described, and their `Codable` shapes probed, one type at a time).
struct ResolvedPlan: Sendable {
  /// Every version, oldest first.
  let versions: [Version]
  let stages: [MigrationStage]
  /// The latest version's table of each model type, resolved with the plan.
  let latestTables: [ObjectIdentifier: TableSchema]
  /// The latest version's model type name of each table, by table name.
  let latestModelNames: [String: String]

  /// Checks a plan's versions and stages and resolves its latest version, each model's table
  /// by `resolve` (the engine's own way to store it), which the older versions keep for when
  /// they are needed.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` for versions out of order, a plan with
  ///   none, a stage that does not join two consecutive versions, or a model of the latest
  ///   version whose table cannot be resolved.
  init(
    plan: any SchemaMigrationPlan.Type,
    resolve: @escaping @Sendable (Schema.ModelType) throws(PersistenceError) -> TableSchema
  ) throws(PersistenceError) {
    var versions: [Version] = []
    for schema in plan.schemas {
      if let last = versions.last, last.number >= schema.versionIdentifier {
        throw .invalidSchema("the migration plan lists version \(schema.versionIdentifier) after \(last.number)")
      }
      versions.append(Version(number: schema.versionIdentifier, models: schema.models, resolve: resolve))
    }
    guard let latest = versions.last else { throw .invalidSchema("the migration plan lists no schema") }
    let numbers = versions.map(\.number)
    for stage in plan.stages {
      guard let from = numbers.firstIndex(of: stage.from), from + 1 < numbers.count, numbers[from + 1] == stage.to
      else {
        throw .invalidSchema(
          "a migration stage goes from \(stage.from) to \(stage.to), which are not consecutive versions")
      }
    }
    latestTables = try latest.tables()
    latestModelNames = try latest.modelNames()
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
    from index: Int, context: (Version) throws -> MigrationContext,
    migrate: (_ old: Version, _ new: Version) throws -> Void
  ) throws {
    for index in index..<(versions.count - 1) {
      let (old, new) = (versions[index], versions[index + 1])
      let stage = stages.first { $0.from == old.number }
      if case .custom(_, _, let willMigrate, _) = stage, let willMigrate { try willMigrate(try context(old)) }
      try migrate(old, new)
      if case .custom(_, _, _, let didMigrate) = stage, let didMigrate { try didMigrate(try context(new)) }
    }
  }
}
