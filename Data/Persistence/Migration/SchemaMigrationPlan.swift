/// The versions of an app's schema, oldest first, and how a store moves from one to the next.
///
/// ```swift
/// enum CatalogMigrationPlan: SchemaMigrationPlan {
///   static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self, CatalogSchemaV2.self]
///   static let stages: [MigrationStage] = [
///     .lightweight(fromVersion: CatalogSchemaV1.self, toVersion: CatalogSchemaV2.self)
///   ]
/// }
/// ```
///
/// Between two consecutive versions without a stage, a lightweight stage is assumed.
public protocol SchemaMigrationPlan: SendableMetatype {
  /// Every version, oldest first; the last is the one the app uses.
  static var schemas: [any VersionedSchema.Type] { get }
  /// The stages between consecutive versions.
  static var stages: [MigrationStage] { get }
}
