import Foundation
import Persistence

/// The model the differential fuzzer stores: one attribute of each kind predicates compare.
/// Its text is searchable, so `contains` on it is narrowed by the substring index.
struct FuzzRecord: PersistentModel, Equatable {
  static let entity = Entity<FuzzRecord>(searchable: [\.text, \.optText])

  enum Genre: String, Codable, CaseIterable { case drama, comedy, horror }
  struct Info: Codable, Equatable {
    var year: Int
    var note: String?
  }

  var id: UUID
  var int: Int
  var small: Int
  var optInt: Int?
  var double: Double
  var text: String
  var optText: String?
  var flag: Bool
  var date: Date
  var optDate: Date?
  var genre: Genre
  var info: Info
}

// The fuzzer reads its records through the row path, so every predicate's results also check
// that `init(row:)` reads back exactly what was stored (the in-memory side holds the values).
extension FuzzRecord: RowDecodable {
  init(row: StoredRow) throws {
    self.init(
      id: try row.decode(forKey: "id"), int: try row.decode(forKey: "int"), small: try row.decode(forKey: "small"),
      optInt: try row.decodeIfPresent(forKey: "optInt"), double: try row.decode(forKey: "double"),
      text: try row.decode(forKey: "text"), optText: try row.decodeIfPresent(forKey: "optText"),
      flag: try row.decode(forKey: "flag"), date: try row.decode(forKey: "date"),
      optDate: try row.decodeIfPresent(forKey: "optDate"), genre: try row.decode(forKey: "genre"),
      info: try row.decode(forKey: "info"))
  }
}
