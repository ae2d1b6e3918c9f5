/// A family of models that share attributes, the value-type counterpart of SwiftData's model
/// inheritance (a `Trip` base class with `BusinessTrip` and `PersonalTrip` subclasses).
///
/// Each member is an ordinary ``PersistentModel`` with a table of its own, declared a member
/// with ``Entity/member(of:)``; the family lists its members and names the attributes they
/// share, as a struct (`Shared`) whose coding keys every member stores under the same names and
/// types. ``SQLiteFamilyRepository`` (``PostgresFamilyRepository`` on a server) fetches the
/// whole family in one query, filtered and sorted on those attributes, and returns each model
/// as a `Member`: a protocol's existential or an enum with a case per member. A member's
/// identifier is unique across the family: inserting a model whose identifier another member
/// holds fails.
///
/// <!-- snippet context: trips -->
/// ```swift
/// enum TripFamily: ModelFamily {
///   typealias Shared = TripSummary  // id, name, startDate
///   typealias Member = any Trip
///   static let members: [FamilyMember<TripFamily>] = [.model(BusinessTrip.self) { $0 }, .model(PersonalTrip.self) { $0 }]
/// }
///
/// extension BusinessTrip: PersistentModel {
///   public static let entity = Entity<BusinessTrip>(table: "business_trips").member(of: TripFamily.self)
/// }
///
/// extension PersonalTrip: PersistentModel {
///   public static let entity = Entity<PersonalTrip>(table: "personal_trips").member(of: TripFamily.self)
/// }
/// ```
public protocol ModelFamily {
  /// The attributes every member stores under the same names: the root of the family's
  /// predicates and sort descriptors, and of its pages' positions. Its `id` is the members'.
  associatedtype Shared: Decodable & Identifiable & Sendable where Shared.ID: Sendable
  /// What a family fetch returns for each model: `any Trip`, or an enum with a case per member.
  associatedtype Member: Sendable

  /// The members, each with how one of its models becomes a `Member`. The family fetch returns
  /// members declared earlier first when the descriptor does not sort.
  static var members: [FamilyMember<Self>] { get }

  /// The family's name, which each member's ``Entity`` records; the type's name by default.
  static var name: String { get }
}

extension ModelFamily {
  /// The type's name.
  public static var name: String { "\(Self.self)" }
}

/// One member of a ``ModelFamily``: its model type and how one of its models becomes the
/// family's `Member`.
public struct FamilyMember<Family: ModelFamily>: Sendable {
  /// The member's model type.
  let type: any PersistentModel.Type
  /// The family the member's ``Entity`` declares, if any.
  let declaredFamily: String?
  /// Decodes the decoder's current row as the member's model and wraps it.
  let read: @Sendable (RowDecoder) throws -> Family.Member

  /// A member of model type `Model`, wrapped into the family's `Member` by `wrap` (`{ $0 }` for
  /// a protocol's existential, an enum case for an enum: `{ .business($0) }`).
  public static func model<Model: PersistentModel>(
    _ type: Model.Type, _ wrap: @escaping @Sendable (Model) -> Family.Member
  ) -> FamilyMember where Model.ID == Family.Shared.ID {
    FamilyMember(type: Model.self, declaredFamily: Model.entity.family) { decoder in
      wrap(try decoder.decode(Model.self))
    }
  }
}
