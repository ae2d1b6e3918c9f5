public import Persistence

/// Every version of the catalog's schema and how a store moves between them; the catalog's
/// container opens its store with this plan.
public enum CatalogMigrationPlan: SchemaMigrationPlan {
  /// The latest version, the one the app and its tests use: its models are
  /// ``CatalogModels/all``. A new version is named here, and becomes the last of ``schemas``.
  public static let current: any VersionedSchema.Type = CatalogSchemaV4.self
  /// Versions 1.0.0 to 3.0.0, then the current one.
  public static let schemas: [any VersionedSchema.Type] = [
    CatalogSchemaV1.self, CatalogSchemaV2.self, CatalogSchemaV3.self, current,
  ]
  /// Lightweight stages: to 2, the new column is `NULL` for stored movies; to 3, the movies'
  /// substring index is created and filled from the stored movies; to 4, the movies' index on
  /// their date alone is replaced by one on date, title and id.
  public static let stages: [MigrationStage] = [
    .lightweight(fromVersion: CatalogSchemaV1.self, toVersion: CatalogSchemaV2.self),
    .lightweight(fromVersion: CatalogSchemaV2.self, toVersion: CatalogSchemaV3.self),
    .lightweight(fromVersion: CatalogSchemaV3.self, toVersion: CatalogSchemaV4.self),
  ]
}
