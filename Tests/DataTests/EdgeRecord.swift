import Foundation
import Persistence

/// A model with one attribute of every kind the engine stores, for round-trip tests.
struct EdgeRecord: PersistentModel, Equatable {
  enum Genre: String, Codable, CaseIterable { case drama, comedy }
  enum Level: Int, Codable, CaseIterable { case low = 1, high = 2 }
  struct Credits: Codable, Equatable {
    var director: String
    var cast: [String]
    var budget: Double?
  }

  var id: UUID
  var text: String
  var optionalText: String?
  var data: Data
  var int: Int
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint8: UInt8
  var uint32: UInt32
  var uint64: UInt64
  var double: Double
  var float: Float
  var flag: Bool
  var date: Date
  var optionalDate: Date?
  var other: UUID
  var url: URL
  var genre: Genre
  var level: Level
  var credits: Credits
  var tags: [String]
  var blobs: [Data]

  static func sample(
    id: UUID = UUID(), text: String = "plain", data: Data = Data([1, 2, 3]), int64: Int64 = 42,
    uint64: UInt64 = 7, double: Double = 1.5, date: Date = Date(timeIntervalSinceReferenceDate: 1.25)
  ) -> EdgeRecord {
    EdgeRecord(
      id: id, text: text, optionalText: nil, data: data, int: -1, int8: .min, int16: .max, int32: .min,
      int64: int64, uint8: .max, uint32: .max, uint64: uint64, double: double, float: 0.1, flag: true, date: date,
      optionalDate: nil, other: UUID(), url: URL(string: "https://example.com/a?b=c")!, genre: .comedy, level: .high,
      credits: Credits(director: "Ridley Scott", cast: ["Sigourney Weaver"], budget: nil), tags: ["space", "horror"],
      blobs: [Data(), Data([0, 255])])
  }
}
