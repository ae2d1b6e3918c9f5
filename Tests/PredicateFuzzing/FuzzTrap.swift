/// Where Swift's own evaluation of a fuzzed predicate would trap (an overflow, a division by
/// zero, `!` of nil): the checked nodes throw it instead, so the reference answer is "the query
/// fails" and the test process lives.
public struct FuzzTrap: Error, CustomStringConvertible {
  /// What would have trapped.
  public let reason: String

  /// What would have trapped, as the error reads.
  public var description: String { "\(Self.marker): \(reason)" }

  /// How the description begins, which names the error wherever another error wraps it.
  static let marker = "Swift would trap"
}
