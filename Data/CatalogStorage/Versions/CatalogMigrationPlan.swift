public import Persistence

/// Every version of the catalog's schema and how a store moves between them; the catalog's
/// container opens its store with this plan.
public enum CatalogMigrationPlan: SchemaMigrationPlan {
  /// The latest version, the one the app and its tests use: its models are
  /// ``CatalogModels/all``. A new version is named here, and becomes the last of ``schemas``.
  public static let current: any VersionedSchema.Type = CatalogSchemaV2.self
  /// Version 1.0.0, then the current one.
  public static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self, current]
  /// A lightweight stage: the new column is `NULL` for stored movies.
  public static let stages: [MigrationStage] = [
    .lightweight(fromVersion: CatalogSchemaV1.self, toVersion: CatalogSchemaV2.self)
  ]
}
