public import Foundation
public import Persistence

/// The catalog's schema as version 1.0.0 stored it, frozen: stores written before schemas were
/// versioned have exactly these tables and are adopted as this version.
///
/// Each model is a copy of the catalog's model as it was then, with the same table; only the
/// migration reads them.
public enum CatalogSchemaV1: VersionedSchema {
  /// 1.0.0.
  public static let versionIdentifier = Schema.Version(1, 0, 0)
  /// Movies, reviews, tags and the taggings between them.
  public static let models: [any PersistentModel.Type] = [Movie.self, Review.self, MovieTag.self, Tagging.self]

  /// A movie of version 1: no running time yet.
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
    /// The storage of version 1's movies.
    public static let entity = Entity<Movie>(
      table: "movies", indexes: [Entity.Index(\.date), Entity.Index(\.rate)], unique: [Entity.Unique(\.title, \.date)],
      externalStorage: [\.images])

    /// Creates a movie of version 1.
    public init(
      id: UUID = UUID(), title: String, content: String = "", images: [Data] = [], date: Date, rate: Int = 0,
      heart: Int = 0
    ) {
      (self.id, self.title, self.content, self.images) = (id, title, content, images)
      (self.date, self.rate, self.heart) = (date, rate, heart)
    }
  }

  /// A review of version 1.
  public struct Review: PersistentModel, Hashable {
    /// The identifier.
    public var id: UUID
    /// The movie reviewed.
    public var movieID: UUID
    /// Who wrote it.
    public var author: String
    /// What it says.
    public var text: String
    /// Its rating, if any.
    public var rate: Int?
    /// When it was written.
    public var date: Date
    /// The storage of version 1's reviews.
    public static let entity = Entity<Review>(
      table: "reviews", relationships: [.belongsTo(\.movieID, Movie.self, deleteRule: .cascade)])

    /// Creates a review of version 1.
    public init(id: UUID = UUID(), movieID: UUID, author: String = "", text: String, rate: Int? = nil, date: Date) {
      (self.id, self.movieID, self.author, self.text, self.rate, self.date) = (id, movieID, author, text, rate, date)
    }
  }

  /// A tag of version 1.
  public struct MovieTag: PersistentModel, Hashable {
    /// The identifier.
    public var id: UUID
    /// The unique name.
    public var name: String
    /// The storage of version 1's tags.
    public static let entity = Entity<MovieTag>(table: "tags", unique: [Entity.Unique(\.name)])

    /// Creates a tag of version 1.
    public init(id: UUID = UUID(), name: String) {
      (self.id, self.name) = (id, name)
    }
  }

  /// A tagging of version 1, which also kept an index on `movieID` alone (the unique pair's
  /// index serves for it).
  public struct Tagging: PersistentModel, Hashable {
    /// The identifier.
    public var id: UUID
    /// The movie tagged.
    public var movieID: UUID
    /// The tag.
    public var tagID: UUID
    /// The storage of version 1's taggings.
    public static let entity = Entity<Tagging>(
      table: "movie_tags", indexes: [Entity.Index(\.movieID), Entity.Index(\.tagID)],
      unique: [Entity.Unique(\.movieID, \.tagID)],
      relationships: [
        .belongsTo(\.movieID, Movie.self, deleteRule: .cascade),
        .belongsTo(\.tagID, MovieTag.self, deleteRule: .cascade),
      ])

    /// Creates a tagging of version 1.
    public init(id: UUID = UUID(), movieID: UUID, tagID: UUID) {
      (self.id, self.movieID, self.tagID) = (id, movieID, tagID)
    }
  }
}
