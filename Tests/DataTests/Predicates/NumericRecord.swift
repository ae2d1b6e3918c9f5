import Foundation
import Persistence

/// A model of every numeric width, floating point and arrays of UUIDs, so that predicates can
/// be checked against Swift's own answers where SQL's arithmetic and types differ from Swift's.
struct NumericRecord: PersistentModel, Equatable {
  struct Scores: Codable, Equatable, Sendable {
    var whole: Double
    var single: Float
    var singles: [Float]
  }

  var id: Int
  var i8: Int8
  var i16: Int16
  var i32: Int32
  var u: UInt
  var u8: UInt8
  var f: Float
  var d: Double
  var ids: [UUID]
  var scores: Scores

  static func sample(id: Int) -> NumericRecord {
    NumericRecord(
      id: id, i8: 0, i16: 0, i32: 0, u: 0, u8: 0, f: 0, d: 0, ids: [],
      scores: Scores(whole: 0, single: 0, singles: []))
  }
}
