import FamilySupport
import Persistence

/// The fuzzer's family: its shared attributes are a ``FuzzRecord``'s, so the fuzzer's random
/// descriptors run on it unchanged, and each model comes back as the record it holds.
enum FuzzFamily: ModelFamily {
  typealias Shared = FuzzRecord
  typealias Member = FuzzRecord
  static let members: [FamilyMember<FuzzFamily>] = [
    .model(MemberRecord<FuzzFamily, Int>.self) { $0.base }, .model(MemberRecord<FuzzFamily, String>.self) { $0.base },
  ]
}
