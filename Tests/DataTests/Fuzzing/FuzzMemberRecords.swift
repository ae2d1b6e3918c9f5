import Foundation
import Persistence

/// A member of the fuzzer's family: every attribute of a ``FuzzRecord`` (the family's shared
/// attributes, at the top level of its row) and one of its own.
struct FuzzLeftRecord: PersistentModel, Equatable {
  static let entity = Entity<FuzzLeftRecord>(table: "fuzz_left").member(of: FuzzFamily.self)

  var base: FuzzRecord
  var left: Int

  var id: UUID { base.id }

  private enum CodingKeys: String, CodingKey { case left }

  init(base: FuzzRecord, left: Int) {
    self.base = base
    self.left = left
  }

  init(from decoder: any Decoder) throws {
    base = try FuzzRecord(from: decoder)
    left = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .left)
  }

  func encode(to encoder: any Encoder) throws {
    try base.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(left, forKey: .left)
  }
}

/// The other member, with an optional text of its own.
struct FuzzRightRecord: PersistentModel, Equatable {
  static let entity = Entity<FuzzRightRecord>(table: "fuzz_right").member(of: FuzzFamily.self)

  var base: FuzzRecord
  var right: String?

  var id: UUID { base.id }

  private enum CodingKeys: String, CodingKey { case right }

  init(base: FuzzRecord, right: String?) {
    self.base = base
    self.right = right
  }

  init(from decoder: any Decoder) throws {
    base = try FuzzRecord(from: decoder)
    right = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .right)
  }

  func encode(to encoder: any Encoder) throws {
    try base.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(right, forKey: .right)
  }
}

/// The fuzzer's family: its shared attributes are a ``FuzzRecord``'s, so the fuzzer's random
/// descriptors run on it unchanged, and each model comes back as the record it holds.
enum FuzzFamily: ModelFamily {
  typealias Shared = FuzzRecord
  typealias Member = FuzzRecord
  static let members: [FamilyMember<FuzzFamily>] = [
    .model(FuzzLeftRecord.self) { $0.base }, .model(FuzzRightRecord.self) { $0.base },
  ]
}
