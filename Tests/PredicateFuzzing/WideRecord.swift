public import Foundation
public import Persistence

/// The model the wide differential fuzzer stores: every integer width, `Float` and `Double`,
/// text, dates, UUIDs, data, an enumeration, optionals, arrays and a nested value in JSON — and
/// coding keys that rename and swap properties, so a key path must find its own column.
public struct WideRecord: PersistentModel, Equatable {
  /// An enumeration stored by its integer raw value.
  public enum Level: Int, Codable, CaseIterable, Sendable {
    case low = 1, mid = 5, high = 9
  }

  /// A nested value, stored as JSON, whose keys are renamed too.
  public struct Detail: Codable, Equatable, Sendable {
    /// A `Double` attribute the fuzzer's predicates test.
    public var whole: Double
    /// A `Float` attribute the fuzzer's predicates test.
    public var single: Float
    /// A `Int8?` attribute the fuzzer's predicates test.
    public var count: Int8?
    /// A `[UUID]` attribute the fuzzer's predicates test.
    public var ids: [UUID]
    /// A `[String]` attribute the fuzzer's predicates test.
    public var words: [String]
    /// A `Date` attribute the fuzzer's predicates test.
    public var day: Date
    /// A `String` attribute the fuzzer's predicates test.
    public var name: String

    enum CodingKeys: String, CodingKey {
      case whole = "w"
      case single = "s"
      case count, ids, words, day
      case name = "n"
    }
  }

  /// A `Int` attribute the fuzzer's predicates test.
  public var id: Int
  /// A `Int8` attribute the fuzzer's predicates test.
  public var i8: Int8
  /// A `Int16` attribute the fuzzer's predicates test.
  public var i16: Int16
  /// A `Int32` attribute the fuzzer's predicates test.
  public var i32: Int32
  /// A `UInt8` attribute the fuzzer's predicates test.
  public var u8: UInt8
  /// A `UInt32` attribute the fuzzer's predicates test.
  public var u32: UInt32
  /// A `UInt` attribute the fuzzer's predicates test.
  public var u: UInt
  /// A `Int` attribute the fuzzer's predicates test.
  public var int: Int
  /// A `Float` attribute the fuzzer's predicates test.
  public var f: Float
  /// A `Double` attribute the fuzzer's predicates test.
  public var d: Double
  /// A `Double?` attribute the fuzzer's predicates test.
  public var optD: Double?
  /// A `String` attribute the fuzzer's predicates test.
  public var text: String
  /// A `String?` attribute the fuzzer's predicates test.
  public var optText: String?
  /// A `Date` attribute the fuzzer's predicates test.
  public var date: Date
  /// A `UUID` attribute the fuzzer's predicates test.
  public var uuid: UUID
  /// A `UUID?` attribute the fuzzer's predicates test.
  public var optUUID: UUID?
  /// A `Data` attribute the fuzzer's predicates test.
  public var data: Data
  /// A `Level` attribute the fuzzer's predicates test.
  public var level: Level
  /// A `Level?` attribute the fuzzer's predicates test.
  public var optLevel: Level?
  /// A `[UUID]` attribute the fuzzer's predicates test.
  public var ids: [UUID]
  /// A `[Int]` attribute the fuzzer's predicates test.
  public var numbers: [Int]
  /// A `Detail` attribute the fuzzer's predicates test.
  public var detail: Detail
  /// A `Detail?` attribute the fuzzer's predicates test.
  public var optDetail: Detail?
  /// A `Bool` attribute the fuzzer's predicates test.
  public var flag: Bool
  /// A `Bool?` attribute the fuzzer's predicates test.
  public var optFlag: Bool?
  /// A `Int` attribute the fuzzer's predicates test.
  public var left: Int
  /// A `Int` attribute the fuzzer's predicates test.
  public var right: Int

  enum CodingKeys: String, CodingKey {
    case id, i8, i16, i32, u8, u32, u, int, f, d, optD, text, optText, date, uuid, optUUID, data, level, optLevel
    case ids, numbers, detail, optDetail, flag, optFlag
    case left = "right"
    case right = "left"
  }
}
