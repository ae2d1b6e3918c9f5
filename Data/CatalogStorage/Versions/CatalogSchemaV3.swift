public import Foundation
public import Persistence

/// The catalog's schema as version 3.0.0 stored it, frozen: movies' title and description
/// became searchable (a substring index that `list --search` uses).
///
/// Reviews and tags are stored as version 1 stored them and taggings as version 2 did, so the
/// version lists those copies; movies are a copy of the catalog's model as it was then.
public enum CatalogSchemaV3: VersionedSchema {
  /// 3.0.0.
  public static let versionIdentifier = Schema.Version(3, 0, 0)
  /// Movies, reviews, tags and the taggings between them.
  public static let models: [any PersistentModel.Type] = [
    Movie.self, CatalogSchemaV1.Review.self, CatalogSchemaV1.MovieTag.self, CatalogSchemaV2.Tagging.self,
  ]

  /// A movie of version 3: searchable text, and an index on its date alone.
  public struct Movie: PersistentModel, Hashable {
    /// The identifier.
    public var id: UUID
    /// The title.
    public var title: String
    /// The description.
    public var content: String
    /// Images, kept as files beside the store.
    public var images: [Data]
    /// The release date.
    public var date: Date
    /// The rating, 0 to 10.
    public var rate: Int
    /// The hearts given.
    public var heart: Int
    /// The running time in minutes, if known.
    public var runtime: Int?
    /// The storage of version 3's movies.
    public static let entity = Entity<Movie>(
      table: "movies", indexes: [Entity.Index(\.date), Entity.Index(\.rate)], unique: [Entity.Unique(\.title, \.date)],
      externalStorage: [\.images], searchable: [\.title, \.content], preservedOnDeletion: [\.title])

    /// Creates a movie of version 3.
    public init(
      id: UUID = UUID(), title: String, content: String = "", images: [Data] = [], date: Date, rate: Int = 0,
      heart: Int = 0, runtime: Int? = nil
    ) {
      (self.id, self.title, self.content, self.images) = (id, title, content, images)
      (self.date, self.rate, self.heart, self.runtime) = (date, rate, heart, runtime)
    }
  }
}
