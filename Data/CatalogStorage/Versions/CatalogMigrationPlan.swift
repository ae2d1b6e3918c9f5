public import Persistence

/// Every version of the catalog's schema and how a store moves between them; the catalog's
/// container opens its store with this plan.
public enum CatalogMigrationPlan: SchemaMigrationPlan {
  /// Version 1.0.0, then 2.0.0.
  public static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self, CatalogSchemaV2.self]
  /// A lightweight stage: the new column is `NULL` for stored movies.
  public static let stages: [MigrationStage] = [
    .lightweight(fromVersion: CatalogSchemaV1.self, toVersion: CatalogSchemaV2.self)
  ]
}
