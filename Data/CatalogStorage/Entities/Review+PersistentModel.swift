public import Catalog
public import Foundation
public import Persistence

extension Review: PersistentModel {
  /// Reviews live in the `reviews` table; each belongs to a movie and goes with it.
  public static let entity = Entity<Review>(
    table: "reviews", relationships: [.belongsTo(\.movieID, Movie.self, deleteRule: .cascade)])
}
