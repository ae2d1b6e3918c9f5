/// How a store moves from one schema version to the next.
public enum MigrationStage: Sendable {
  /// A migration computed from the difference of the two schemas: attributes and models added,
  /// removed or renamed (through `Entity(renamed:)`), indexes and unique constraints added or
  /// removed, delete rules changed. Existing rows keep their values; a new attribute gets `nil`
  /// or its declared default.
  case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)

  /// A lightweight migration with work of the app's own around it: `willMigrate` sees the store
  /// in the old shape, through the old version's models, and `didMigrate` in the new shape,
  /// through the new version's models. Both run inside the migration's one transaction.
  case custom(
    fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
    willMigrate: (@Sendable (MigrationContext) throws -> Void)?,
    didMigrate: (@Sendable (MigrationContext) throws -> Void)?)

  /// The version the stage starts from.
  var from: Schema.Version {
    switch self {
    case .lightweight(let version, _): version.versionIdentifier
    case .custom(let version, _, _, _): version.versionIdentifier
    }
  }

  /// The version the stage ends at.
  var to: Schema.Version {
    switch self {
    case .lightweight(_, let version): version.versionIdentifier
    case .custom(_, let version, _, _): version.versionIdentifier
    }
  }
}
