public import Persistence

/// A member of a fuzzer's family: every attribute of a record of the family's shared type (at
/// the top level of its row) and one of its own, `own`, whose type differs between members —
/// so the fuzzers' random descriptors on the shared type run on the family unchanged.
public struct MemberRecord<Family: ModelFamily, Own: Codable & Equatable & Sendable>: PersistentModel, Equatable
where Family.Shared: PersistentModel & Equatable {
  /// A table per `Own` type, a member of `Family`.
  public static var entity: Entity<MemberRecord> { Entity(table: "member_\(Own.self)").member(of: Family.self) }

  /// The shared attributes.
  public var base: Family.Shared
  /// The member's own attribute.
  public var own: Own

  /// The shared record's identifier.
  public var id: Family.Shared.ID { base.id }

  private enum CodingKeys: String, CodingKey { case own }

  /// A member holding a shared record and a value of its own.
  public init(base: Family.Shared, own: Own) {
    self.base = base
    self.own = own
  }

  /// Decodes the shared record and the member's own attribute from one row.
  public init(from decoder: any Decoder) throws {
    base = try Family.Shared(from: decoder)
    own = try decoder.container(keyedBy: CodingKeys.self).decode(Own.self, forKey: .own)
  }

  /// Encodes the shared record and the member's own attribute into one row.
  public func encode(to encoder: any Encoder) throws {
    try base.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(own, forKey: .own)
  }
}
