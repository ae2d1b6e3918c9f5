import Catalog
import Foundation
import Persistence

extension MovieTag: PersistentModel {
  /// Tags live in the `tags` table; names are unique.
  public static let entity = Entity<MovieTag>(table: "tags", unique: [Entity.Unique(\.name)])
}
