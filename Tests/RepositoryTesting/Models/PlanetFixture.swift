import Foundation

/// How the ``RepositoryContract`` makes planets: seeded ones with a few moons each (so moon
/// counts repeat), changed by their notes and picture, queried by moon count, sorted by rings and by whether
/// inhabited, with ``Planet/edgeCases`` as edge values.
///
/// Any store that declares ``Planet`` with a unique name can run the whole contract with it:
///
/// <!-- snippet context: kit -->
/// ```swift
/// try await RepositoryContract(PlanetFixture()).run(check) { .inMemory(keys: PlanetFixture.keys) }
/// ```
public struct PlanetFixture: RepositoryContractFixture {
  /// A planet's identifier and its unique name, as its storage declares them.
  public static let keys = ModelKeys<Planet>(id: \.id, unique: [UniqueKey(\.name)])

  /// A planet's identifier and unique name.
  public var keys: ModelKeys<Planet> { Self.keys }
  /// The moon count.
  public var attribute: any KeyPath<Planet, Int> & Sendable { \.moonCount }
  /// ``Planet/edgeCases``.
  public var edgeCases: [Planet] { Planet.edgeCases }
  /// Whether a planet has rings, and whether it is inhabited.
  public var boolAttributes: BoolAttributes<Planet>? { BoolAttributes(\.hasRings, optional: \.isInhabited) }

  /// Creates the fixture.
  public init() {}

  /// A planet named "Planet `number`" with an identifier made of the number (below 200), and
  /// a random kind, moon count, date, rings, inhabitants and notes.
  public func model(_ number: Int, using generator: inout SplitMix64) -> Planet {
    let notes = ["", "Seen twice.", "Cold.", "千と千尋", "100% rock"]
    return Planet(
      id: UUID(fixture: UInt8(number + 1)),
      name: "Planet \(number)",
      kind: PlanetKind.allCases[Int.random(in: 0..<PlanetKind.allCases.count, using: &generator)],
      moonCount: Int.random(in: 0...5, using: &generator),
      discovered: Date(timeIntervalSince1970: Double(Int.random(in: -1_000_000...2_000_000, using: &generator)) * 997),
      hasRings: Bool.random(using: &generator),
      isInhabited: [nil, false, true][Int.random(in: 0...2, using: &generator)],
      notes: notes[Int.random(in: notes.indices, using: &generator)],
      picture: Data(repeating: UInt8(number % 256), count: Int.random(in: 0...3, using: &generator))
    )
  }

  /// The planet with a note and a byte of picture added.
  public func changing(_ planet: Planet) -> Planet {
    var changed = planet
    changed.notes += " Seen again."
    changed.picture.append(0x2A)
    return changed
  }
}
