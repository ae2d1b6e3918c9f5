import Foundation
import Persistence

/// The benchmark's movie: the catalog's `Movie`, field for field, stored as the catalog stores
/// it (table, indexes, unique title and date, images in external files) but without the
/// catalog's search index and without keeping titles in the history on deletion, which the raw
/// side does not do either, so each phase compares the same work. It shadows `Catalog.Movie` in this module. What the search index costs is
/// measured by `scripts/measure-import.sh` and `scripts/measure-scale.sh`, on the catalog itself.
struct Movie: PersistentModel, Hashable {
  var id: UUID
  var title: String
  var content: String
  var images: [Data]
  var date: Date
  var rate: Int
  var heart: Int
  var runtime: Int?

  static let entity = Entity<Movie>(
    table: "movies", indexes: [Entity.Index(\.date), Entity.Index(\.rate)], unique: [Entity.Unique(\.title, \.date)],
    externalStorage: [\.images])

  init(
    id: UUID = UUID(), title: String, content: String = "", images: [Data] = [], date: Date, rate: Int = 0,
    heart: Int = 0, runtime: Int? = nil
  ) {
    (self.id, self.title, self.content, self.images) = (id, title, content, images)
    (self.date, self.rate, self.heart, self.runtime) = (date, rate, heart, runtime)
  }
}
