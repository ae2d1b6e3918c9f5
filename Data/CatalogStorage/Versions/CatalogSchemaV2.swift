public import Persistence

/// The catalog's schema as version 2.0.0 stores it, the current one: movies gained an optional
/// running time, and taggings lost the index on `movieID` alone.
public enum CatalogSchemaV2: VersionedSchema {
  /// 2.0.0.
  public static let versionIdentifier = Schema.Version(2, 0, 0)
  /// The catalog's models as they are: ``CatalogModels/all``, where a model is added.
  public static let models: [any PersistentModel.Type] = CatalogModels.all
}
