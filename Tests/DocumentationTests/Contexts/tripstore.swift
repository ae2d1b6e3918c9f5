// The context of a snippet that reads a family of models: the body of a function given a
// container that stores the trips of the `trips` context, declared here as that context's
// snippet declares them (`TripFamily`, each member's `Entity`), a date, `deadline`, and a
// PostgreSQL server's connection URL, `url`.
import Foundation
import Persistence
import Repositories

/// What every trip has.
public protocol Trip: Sendable {
  /// The identifier, unique across every kind of trip.
  var id: UUID { get }
  /// The name.
  var name: String { get }
  /// When the trip starts.
  var startDate: Date { get }
}

/// A trip for work, stored in its own table.
public struct BusinessTrip: Trip, PersistentModel {
  /// The identifier, unique across every kind of trip.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
  /// Who pays.
  public var company: String
  /// Stored in a table of its own, a member of the family.
  public static let entity = Entity<BusinessTrip>(table: "business_trips").member(of: TripFamily.self)
}

/// A trip for pleasure, stored in its own table.
public struct PersonalTrip: Trip, PersistentModel {
  /// The identifier, unique across every kind of trip.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
  /// How many go along.
  public var companions: Int
  /// Stored in a table of its own, a member of the family.
  public static let entity = Entity<PersonalTrip>(table: "personal_trips").member(of: TripFamily.self)
}

/// The attributes every trip stores.
public struct TripSummary: Codable, Identifiable, Sendable {
  /// The identifier, unique across every kind of trip.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
}

/// The trips, read as one.
public enum TripFamily: ModelFamily {
  /// The attributes every trip stores.
  public typealias Shared = TripSummary
  /// Each trip, as what it is.
  public typealias Member = any Trip
  /// Both kinds of trip.
  public static let members: [FamilyMember<TripFamily>] = [
    .model(BusinessTrip.self) { $0 }, .model(PersonalTrip.self) { $0 },
  ]
}

func snippet(container: ModelContainer, deadline: Date, url: String) async throws {
  // snippet
}
