import Catalog
import Foundation
import Persistence

/// The catalog's `Movie` as a model that reads itself from rows (``RowDecodable``), stored in
/// the same table: the benchmark reads the framework's store through it to show what skipping
/// `Codable` saves.
struct RowMovie: PersistentModel, RowDecodable {
  var movie: Movie
  var id: UUID { movie.id }

  static let entity = Entity<RowMovie>(table: "movies")

  init(row: StoredRow) throws {
    movie = Movie(
      id: try row.decode(forKey: "id"), title: try row.decode(forKey: "title"),
      content: try row.decode(forKey: "content"), images: try row.decode(forKey: "images"),
      date: try row.decode(forKey: "date"), rate: try row.decode(forKey: "rate"),
      heart: try row.decode(forKey: "heart"), runtime: try row.decodeIfPresent(forKey: "runtime"))
  }

  init(from decoder: any Decoder) throws { movie = try Movie(from: decoder) }
  func encode(to encoder: any Encoder) throws { try movie.encode(to: encoder) }
}
