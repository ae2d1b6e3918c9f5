import Catalog
public import Persistence

/// The catalog's models, one line each: the one list the composition root, the latest schema
/// version and every test open the catalog with.
///
/// A model added here belongs to the latest version: the next writable open of a store creates
/// its table and indexes (the README's "Schema versions and migrations" says why that needs no
/// new version). Changing or removing a listed model needs a new version.
public enum CatalogModels {
  /// Every model the catalog stores.
  public static let all: [any PersistentModel.Type] = [
    Movie.self,
    Review.self,
    MovieTag.self,
    Tagging.self,
  ]
}
