public import Foundation

/// A planet: the kit's own model, so that the contract and its fixture know no app's models.
///
/// Its attributes are the kinds a store must keep exactly: text, an enumeration, an integer
/// whose values repeat, a date, a `Bool`, an optional `Bool` and binary data. Its name is
/// unique, as its storage declares in a test target (its `Entity.Unique` in Data).
///
/// <!-- snippet context: kit -->
/// ```swift
/// let planets = InMemoryRepository<Planet>(keys: PlanetFixture.keys)
/// try await planets.insert(.earth)
/// #expect(try await planets.fetch(id: Planet.earth.id) == .earth)
/// ```
public struct Planet: Codable, Hashable, Identifiable, Sendable {
  /// The planet's identifier.
  public var id: UUID
  /// The planet's name; no two planets share one.
  public var name: String
  /// What the planet is made of.
  public var kind: PlanetKind
  /// How many moons the planet has: the attribute the contract filters, sorts and pages on.
  public var moonCount: Int
  /// When the planet was discovered.
  public var discovered: Date
  /// Whether the planet has rings.
  public var hasRings: Bool
  /// Whether the planet is inhabited, if anyone knows.
  public var isInhabited: Bool?
  /// Free text about the planet.
  public var notes: String
  /// A picture of the planet, possibly empty.
  public var picture: Data

  /// Creates a planet.
  public init(
    id: UUID = UUID(), name: String, kind: PlanetKind = .rocky, moonCount: Int = 0,
    discovered: Date = Date(timeIntervalSince1970: 0), hasRings: Bool = false, isInhabited: Bool? = nil,
    notes: String = "", picture: Data = Data()
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.moonCount = moonCount
    self.discovered = discovered
    self.hasRings = hasRings
    self.isInhabited = isInhabited
    self.notes = notes
    self.picture = picture
  }
}
