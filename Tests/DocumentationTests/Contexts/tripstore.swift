// The context of a snippet that reads a family of models: the body of a function given a
// container that stores the trips of the `trips` context, declared here as that context's
// snippet declares them (`TripFamily`, each member's `Entity`), and a date, `deadline`.
import Foundation
import Persistence
import Repositories

/// What every trip has.
public protocol Trip: Sendable {
  var id: UUID { get }
  var name: String { get }
  var startDate: Date { get }
}

/// A trip for work, stored in its own table.
public struct BusinessTrip: Trip, PersistentModel {
  public var id: UUID
  public var name: String
  public var startDate: Date
  public var company: String
  public static let entity = Entity<BusinessTrip>(table: "business_trips").member(of: TripFamily.self)
}

/// A trip for pleasure, stored in its own table.
public struct PersonalTrip: Trip, PersistentModel {
  public var id: UUID
  public var name: String
  public var startDate: Date
  public var companions: Int
  public static let entity = Entity<PersonalTrip>(table: "personal_trips").member(of: TripFamily.self)
}

/// The attributes every trip stores.
public struct TripSummary: Codable, Identifiable, Sendable {
  public var id: UUID
  public var name: String
  public var startDate: Date
}

/// The trips, read as one.
public enum TripFamily: ModelFamily {
  public typealias Shared = TripSummary
  public typealias Member = any Trip
  public static let members: [FamilyMember<TripFamily>] = [.model(BusinessTrip.self) { $0 }, .model(PersonalTrip.self) { $0 }]
}

func snippet(container: ModelContainer, deadline: Date) async throws {
  // snippet
}
