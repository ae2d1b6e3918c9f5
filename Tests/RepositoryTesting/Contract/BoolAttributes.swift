/// Two `Bool` attributes of a model, for the contract's checks of sorting by `Bool`: `false`
/// before `true` and `nil` first in `.forward` order, beside other keys, through keyset pages
/// and `enumerate`.
///
/// <!-- snippet context: kit -->
/// ```swift
/// var boolAttributes: BoolAttributes<Planet>? { BoolAttributes(\.hasRings, optional: \.isInhabited) }
/// ```
public struct BoolAttributes<Model>: Sendable {
  /// A stored `Bool` attribute whose values repeat among the fixture's models.
  public let flag: any KeyPath<Model, Bool> & Sendable
  /// A stored optional `Bool` attribute that is `nil`, `false` and `true` among the fixture's
  /// models and edge cases.
  public let optionalFlag: any KeyPath<Model, Bool?> & Sendable

  /// Names a model's `Bool` attribute and its optional `Bool` attribute.
  public init(_ flag: any KeyPath<Model, Bool> & Sendable, optional optionalFlag: any KeyPath<Model, Bool?> & Sendable)
  {
    self.flag = flag
    self.optionalFlag = optionalFlag
  }
}
