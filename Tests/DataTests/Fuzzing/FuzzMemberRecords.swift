import Foundation
import Persistence

/// A member of the fuzzer's family: every attribute of a ``FuzzRecord`` (the family's shared
/// attributes, at the top level of its row) and one of its own, `own`, of a type that differs
/// between the members.
struct FuzzMemberRecord<Own: Codable & Equatable & Sendable>: PersistentModel, Equatable {
  static var entity: Entity<FuzzMemberRecord> { Entity(table: "fuzz_\(Own.self)").member(of: FuzzFamily.self) }

  var base: FuzzRecord
  var own: Own

  var id: UUID { base.id }

  private enum CodingKeys: String, CodingKey { case own }

  init(base: FuzzRecord, own: Own) {
    self.base = base
    self.own = own
  }

  init(from decoder: any Decoder) throws {
    base = try FuzzRecord(from: decoder)
    own = try decoder.container(keyedBy: CodingKeys.self).decode(Own.self, forKey: .own)
  }

  func encode(to encoder: any Encoder) throws {
    try base.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(own, forKey: .own)
  }
}

/// The fuzzer's family: its shared attributes are a ``FuzzRecord``'s, so the fuzzer's random
/// descriptors run on it unchanged, and each model comes back as the record it holds.
enum FuzzFamily: ModelFamily {
  typealias Shared = FuzzRecord
  typealias Member = FuzzRecord
  static let members: [FamilyMember<FuzzFamily>] = [
    .model(FuzzMemberRecord<Int>.self) { $0.base }, .model(FuzzMemberRecord<String>.self) { $0.base },
  ]
}
