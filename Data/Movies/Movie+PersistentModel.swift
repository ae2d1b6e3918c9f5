import Domain
import Foundation

extension Movie: PersistentModel {
  /// Movies live in the `movies` table, indexed by the fields the catalog filters and sorts on.
  public static let entity = Entity<Movie>(table: "movies", indexes: [\.date, \.rate, \.title])
}
