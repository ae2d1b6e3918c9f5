public import Catalog
public import Foundation
public import Persistence

extension Tagging: PersistentModel {
  /// The join table of movies and tags: each row goes with its movie and with its tag, and a
  /// movie has a tag at most once.
  public static let entity = Entity<Tagging>(
    table: "movie_tags",
    unique: [Entity.Unique(\.movieID, \.tagID)],
    relationships: [
      .belongsTo(\.movieID, Movie.self, deleteRule: .cascade), .belongsTo(\.tagID, MovieTag.self, deleteRule: .cascade),
    ])
}
