/// The versions of an app's schema, oldest first, and how a store moves from one to the next.
///
/// <!-- snippet context: versions -->
/// ```swift
/// enum CatalogMigrationPlan: SchemaMigrationPlan {
///   static let schemas: [any VersionedSchema.Type] = [V1.self, V2.self]
///   static let stages: [MigrationStage] = [
///     .lightweight(fromVersion: V1.self, toVersion: V2.self)
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
