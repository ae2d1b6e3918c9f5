import Foundation

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
