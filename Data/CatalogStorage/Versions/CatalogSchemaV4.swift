public import Persistence

/// The catalog's schema as version 4.0.0 stores it, the current one: movies are indexed by
/// date, title and id, the order `list` pages through, so a page deep in the list is found by
/// reading that index alone.
public enum CatalogSchemaV4: VersionedSchema {
  /// 4.0.0.
  public static let versionIdentifier = Schema.Version(4, 0, 0)
  /// The catalog's models as they are: ``CatalogModels/all``, where a model is added.
  public static let models: [any PersistentModel.Type] = CatalogModels.all
}
