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
