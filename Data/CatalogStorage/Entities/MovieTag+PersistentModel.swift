public import Catalog
public import Foundation
public import Persistence

extension MovieTag: PersistentModel {
  /// Tags live in the `tags` table; names are unique.
  public static let entity = Entity<MovieTag>(table: "tags", unique: [Entity.Unique(\.name)])
}
