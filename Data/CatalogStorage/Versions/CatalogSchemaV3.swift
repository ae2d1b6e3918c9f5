public import Persistence

/// The catalog's schema as version 3.0.0 stores it, the current one: movies' title and
/// description are searchable (a substring index that `list --search` uses).
public enum CatalogSchemaV3: VersionedSchema {
  /// 3.0.0.
  public static let versionIdentifier = Schema.Version(3, 0, 0)
  /// The catalog's models as they are: ``CatalogModels/all``, where a model is added.
  public static let models: [any PersistentModel.Type] = CatalogModels.all
}
