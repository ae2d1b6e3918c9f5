// The context of a snippet that declares a family of models: top-level code that sees the
// engine and a Domain's plain trips — a `Trip` protocol, the `BusinessTrip` and `PersonalTrip`
// structs that conform to it, and `TripSummary`, the attributes they share — but no storage
// declaration, which the snippet writes (the `tripstore` context has them).
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

/// A trip for work.
public struct BusinessTrip: Trip, Codable, Identifiable {
  /// The identifier, unique across every kind of trip.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
  /// Who pays.
  public var company: String
}

/// A trip for pleasure.
public struct PersonalTrip: Trip, Codable, Identifiable {
  /// The identifier, unique across every kind of trip.
  public var id: UUID
  /// The name.
  public var name: String
  /// When the trip starts.
  public var startDate: Date
  /// How many go along.
  public var companions: Int
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

// snippet
