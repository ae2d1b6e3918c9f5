import Foundation
import Persistence

/// The benchmark's `Movie` as a model that reads itself from rows (``RowDecodable``), declared
/// exactly as `Movie` is (so opening the store with it changes nothing): the benchmark reads
/// the framework's store through it to show what skipping `Codable` saves.
struct RowMovie: PersistentModel, RowDecodable {
  var id: UUID
  var title: String
  var content: String
  var images: [Data]
  var date: Date
  var rate: Int
  var heart: Int
  var runtime: Int?

  static let entity = Entity<RowMovie>(
    table: "movies", indexes: [Entity.Index(\.date), Entity.Index(\.rate)], unique: [Entity.Unique(\.title, \.date)],
    externalStorage: [\.images])

  init(row: StoredRow) throws {
    id = try row.decode(forKey: "id")
    title = try row.decode(forKey: "title")
    content = try row.decode(forKey: "content")
    images = try row.decode(forKey: "images")
    date = try row.decode(forKey: "date")
    rate = try row.decode(forKey: "rate")
    heart = try row.decode(forKey: "heart")
    runtime = try row.decodeIfPresent(forKey: "runtime")
  }
}
