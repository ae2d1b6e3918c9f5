public import Foundation

/// A moon, which belongs to a ``Planet``: a second model of the kit, for tests of stores that
/// hold several models at once.
///
/// <!-- snippet context: kit -->
/// ```swift
/// let moon = Moon(name: "Moon", planetID: Planet.earth.id)
/// ```
public struct Moon: Codable, Hashable, Identifiable, Sendable {
  /// The moon's identifier.
  public var id: UUID
  /// The moon's name.
  public var name: String
  /// The identifier of the planet the moon orbits.
  public var planetID: UUID

  /// Creates a moon of a planet.
  public init(id: UUID = UUID(), name: String, planetID: UUID) {
    self.id = id
    self.name = name
    self.planetID = planetID
  }
}
