/// One version of an app's schema: its number and the models it stores.
///
/// A model may be added to a version, usually the latest, without a new version: a store of
/// that version gets the model's table the next time it is opened writable. Any other change
/// to a version's models needs a new version.
///
/// Each version names its own model types. The current version names the app's models; an
/// older one names frozen copies of them as they were (structs with the same table names),
/// so a store of that version can be read and migrated:
///
/// <!-- snippet context: versions -->
/// ```swift
/// enum CatalogSchemaV1: VersionedSchema {
///   static let versionIdentifier = Schema.Version(1, 0, 0)
///   static let models: [any PersistentModel.Type] = [MovieV1.self]
/// }
/// ```
public protocol VersionedSchema: SendableMetatype {
  /// The version's number; versions are ordered by it.
  static var versionIdentifier: Schema.Version { get }
  /// The model types this version stores.
  static var models: [any PersistentModel.Type] { get }
}
