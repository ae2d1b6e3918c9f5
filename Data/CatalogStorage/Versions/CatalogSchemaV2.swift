public import Foundation
public import Persistence

/// The catalog's schema as version 2.0.0 stored it, frozen: movies gained an optional running
/// time, and taggings lost the index on `movieID` alone.
///
/// Reviews and tags are stored as version 1 stored them, so the version lists version 1's
/// copies of them; movies and taggings are copies of the catalog's models as they were then.
public enum CatalogSchemaV2: VersionedSchema {
  /// 2.0.0.
  public static let versionIdentifier = Schema.Version(2, 0, 0)
  /// Movies, reviews, tags and the taggings between them.
  public static let models: [any PersistentModel.Type] = [
    Movie.self, CatalogSchemaV1.Review.self, CatalogSchemaV1.MovieTag.self, Tagging.self,
  ]

  /// A movie of version 2: an optional running time, and no searchable text yet.
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
    /// The storage of version 2's movies.
    public static let entity = Entity<Movie>(
      table: "movies", indexes: [Entity.Index(\.date), Entity.Index(\.rate)], unique: [Entity.Unique(\.title, \.date)],
      externalStorage: [\.images])

    /// Creates a movie of version 2.
    public init(
      id: UUID = UUID(), title: String, content: String = "", images: [Data] = [], date: Date, rate: Int = 0,
      heart: Int = 0, runtime: Int? = nil
    ) {
      (self.id, self.title, self.content, self.images) = (id, title, content, images)
      (self.date, self.rate, self.heart, self.runtime) = (date, rate, heart, runtime)
    }
  }

  /// A tagging of version 2: its unique pair's index serves lookups by movie.
  public struct Tagging: PersistentModel, Hashable {
    /// The identifier.
    public var id: UUID
    /// The movie tagged.
    public var movieID: UUID
    /// The tag.
    public var tagID: UUID
    /// The storage of version 2's taggings.
    public static let entity = Entity<Tagging>(
      table: "movie_tags", unique: [Entity.Unique(\.movieID, \.tagID)],
      relationships: [
        .belongsTo(\.movieID, Movie.self, deleteRule: .cascade),
        .belongsTo(\.tagID, CatalogSchemaV1.MovieTag.self, deleteRule: .cascade),
      ])

    /// Creates a tagging of version 2.
    public init(id: UUID = UUID(), movieID: UUID, tagID: UUID) {
      (self.id, self.movieID, self.tagID) = (id, movieID, tagID)
    }
  }
}
