public import Foundation
public import Persistence

/// What every trip has: the base of the test family, as a Domain would declare it.
public protocol TripRecord: Sendable {
  /// The identifier, unique across the family.
  var id: UUID { get }
  /// The name.
  var name: String { get }
  /// When the trip starts.
  var startDate: Date { get }
}

/// A member of the family with attributes of its own: a company and a budget.
public struct BusinessTripRecord: TripRecord, Codable, Hashable, Identifiable {
  /// The identifier, unique across the family.
  public var id: UUID
  /// The name, unique among business trips.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
  /// Who pays.
  public var company: String
  /// How much may be spent.
  public var budget: Int

  /// A business trip.
  public init(id: UUID, name: String, startDate: Date, company: String, budget: Int) {
    (self.id, self.name, self.startDate, self.company, self.budget) = (id, name, startDate, company, budget)
  }
}

/// Another member, with companions.
public struct PersonalTripRecord: TripRecord, Codable, Hashable, Identifiable {
  /// The identifier, unique across the family.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
  /// How many go along.
  public var companions: Int

  /// A personal trip.
  public init(id: UUID, name: String, startDate: Date, companions: Int) {
    (self.id, self.name, self.startDate, self.companions) = (id, name, startDate, companions)
  }
}

/// The attributes both members share: the family's predicates and sorts name them.
public struct TripSummary: Codable, Hashable, Identifiable, Sendable {
  /// The identifier, unique across the family.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date

  /// A trip's shared attributes.
  public init(id: UUID, name: String, startDate: Date) {
    (self.id, self.name, self.startDate) = (id, name, startDate)
  }
}

/// The family read as the protocol's existential.
public enum TripRecords: ModelFamily {
  /// The shared attributes.
  public typealias Shared = TripSummary
  /// Each trip, as what it is.
  public typealias Member = any TripRecord
  /// Business trips, then personal ones.
  public static let members: [FamilyMember<TripRecords>] = [
    .model(BusinessTripRecord.self) { $0 }, .model(PersonalTripRecord.self) { $0 },
  ]
}

/// The same family read as an enum with a case per member.
public enum TripCase: Sendable, Hashable {
  /// A business trip.
  case business(BusinessTripRecord)
  /// A personal trip.
  case personal(PersonalTripRecord)
}

/// The same tables as ``TripRecords``, each model returned as a ``TripCase``.
public enum TripCases: ModelFamily {
  /// The shared attributes.
  public typealias Shared = TripSummary
  /// Each trip, as a case.
  public typealias Member = TripCase
  /// The family the members' entities declare.
  public static let name = TripRecords.name
  /// Business trips, then personal ones.
  public static let members: [FamilyMember<TripCases>] = [
    .model(BusinessTripRecord.self) { .business($0) }, .model(PersonalTripRecord.self) { .personal($0) },
  ]
}

extension BusinessTripRecord: PersistentModel {
  /// A table of its own, its start dates indexed, its names unique and searchable.
  public static let entity = Entity<BusinessTripRecord>(
    table: "business_trips", indexes: [Entity.Index(\.startDate)], unique: [Entity.Unique(\.name)],
    searchable: [\.name]
  ).member(of: TripRecords.self)
}

extension PersonalTripRecord: PersistentModel {
  /// A table of its own, its start dates indexed.
  public static let entity = Entity<PersonalTripRecord>(table: "personal_trips", indexes: [Entity.Index(\.startDate)])
    .member(of: TripRecords.self)
}

extension Date {
  /// A trip's start, `days` days after a fixed day.
  public static func trip(_ days: Int) -> Date {
    Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(days) * 86_400)
  }
}
