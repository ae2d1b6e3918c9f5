import Foundation
import Persistence

/// What every trip has: the base of the test family, as a Domain would declare it.
protocol TripRecord: Sendable {
  var id: UUID { get }
  var name: String { get }
  var startDate: Date { get }
}

/// A member of the family with attributes of its own: a company and a budget.
struct BusinessTripRecord: TripRecord, Codable, Hashable, Identifiable {
  var id: UUID
  var name: String
  var startDate: Date
  var company: String
  var budget: Int
}

/// Another member, with companions.
struct PersonalTripRecord: TripRecord, Codable, Hashable, Identifiable {
  var id: UUID
  var name: String
  var startDate: Date
  var companions: Int
}

/// The attributes both members share: the family's predicates and sorts name them.
struct TripSummary: Codable, Hashable, Identifiable {
  var id: UUID
  var name: String
  var startDate: Date
}

/// The family read as the protocol's existential.
enum TripRecords: ModelFamily {
  typealias Shared = TripSummary
  typealias Member = any TripRecord
  static let members: [FamilyMember<TripRecords>] = [
    .model(BusinessTripRecord.self) { $0 }, .model(PersonalTripRecord.self) { $0 },
  ]
}

/// The same family read as an enum with a case per member.
enum TripCase: Sendable, Hashable {
  case business(BusinessTripRecord)
  case personal(PersonalTripRecord)
}

/// The same tables as ``TripRecords``, each model returned as a ``TripCase``.
enum TripCases: ModelFamily {
  typealias Shared = TripSummary
  typealias Member = TripCase
  static let name = TripRecords.name
  static let members: [FamilyMember<TripCases>] = [
    .model(BusinessTripRecord.self) { .business($0) }, .model(PersonalTripRecord.self) { .personal($0) },
  ]
}

extension BusinessTripRecord: PersistentModel {
  static let entity = Entity<BusinessTripRecord>(
    table: "business_trips", indexes: [Entity.Index(\.startDate)], unique: [Entity.Unique(\.name)],
    searchable: [\.name]
  ).member(of: TripRecords.self)
}

extension PersonalTripRecord: PersistentModel {
  static let entity = Entity<PersonalTripRecord>(table: "personal_trips", indexes: [Entity.Index(\.startDate)])
    .member(of: TripRecords.self)
}

extension Date {
  /// A trip's start, `days` days after a fixed day.
  static func trip(_ days: Int) -> Date { Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(days) * 86_400) }
}
