/// What a ``Planet`` is made of: an enumeration stored as its raw value.
public enum PlanetKind: String, Codable, Hashable, Sendable, CaseIterable {
  /// A planet of rock and metal, such as Mars.
  case rocky
  /// A planet mostly of hydrogen and helium, such as Jupiter.
  case gasGiant
  /// A planet mostly of water, ammonia and methane ices, such as Neptune.
  case iceGiant
  /// A body too small to have cleared its orbit, such as Pluto.
  case dwarf
}
