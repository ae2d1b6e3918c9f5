public import Foundation

/// A planet: the kit's own model, so that the contract and its fixture know no app's models.
///
/// Its attributes are the kinds a store must keep exactly: text, an enumeration, an integer
/// whose values repeat, a date, a `Bool`, an optional `Bool` and binary data. Its name is
/// unique, as its storage declares in a test target (its `Entity.Unique` in Data).
///
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

extension Planet {
  /// The Earth: rocky, one moon, inhabited.
  public static let earth = Planet(
    id: UUID(fixture: 251), name: "Earth", moonCount: 1, isInhabited: true, notes: "Mostly harmless.")

  /// Saturn: a gas giant with rings and many moons.
  public static let saturn = Planet(
    id: UUID(fixture: 252), name: "Saturn", kind: .gasGiant, moonCount: 146,
    discovered: Date(timeIntervalSince1970: -200_000_000_000), hasRings: true, isInhabited: false)

  /// Planets whose values are at the edges of what a store must keep exactly: text with NUL,
  /// `%`, `_`, `\`, quotes, decomposed accents and emoji; `Int.min`, `Int.max`, `-1` and `0`;
  /// dates with sub-second precision; empty and binary data; an optional `Bool` of every kind.
  ///
  /// Their identifiers count up from 201.
  public static let edgeCases: [Planet] = [
    Planet(
      id: UUID(fixture: 201), name: "Nul\u{0}Name %_\\", kind: .dwarf, moonCount: .min,
      discovered: Date(timeIntervalSinceReferenceDate: 742_135_167.123_456_7), notes: ""),
    Planet(
      id: UUID(fixture: 202), name: "Emile\u{301} 🪐", kind: .iceGiant, moonCount: .max,
      discovered: Date(timeIntervalSince1970: -123_456_789.987_654_321), hasRings: true, isInhabited: false,
      notes: "Robert'); DROP TABLE planets;--", picture: Data([0, 0xFF, 0])),
    Planet(
      id: UUID(fixture: 203), name: "", kind: .gasGiant, moonCount: -1,
      discovered: Date(timeIntervalSinceReferenceDate: 0.000_001), isInhabited: true,
      notes: "\"quoted\"\u{0}tail"),
    Planet(
      id: UUID(fixture: 204), name: "千と千尋", moonCount: 0,
      discovered: Date(timeIntervalSince1970: 1_700_000_000.000_000_1),
      notes: "100% _under\\score_", picture: Data(repeating: 7, count: 1_000)),
  ]
}
