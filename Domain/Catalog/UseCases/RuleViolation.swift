public import Foundation

/// A stored value that breaks one of the catalog's rules, as only another program could have
/// stored it: which movie, review or tag, and the rule, in the words of the error the catalog
/// gives when such a value is typed.
public struct RuleViolation: Sendable, Equatable, CustomStringConvertible {
  /// What the value belongs to.
  public enum Owner: String, Sendable {
    case movie, review, tag
  }

  /// What the value belongs to.
  public var owner: Owner
  /// The identifier of the movie, review or tag.
  public var id: UUID
  /// The rule broken, such as `the rate must be between 0 and 10, not 11`.
  public var problem: String

  /// Creates a violation.
  public init(owner: Owner, id: UUID, problem: String) {
    self.owner = owner
    self.id = id
    self.problem = problem
  }

  /// `movie 6f1c…: the rate must be between 0 and 10, not 11`.
  public var description: String { "\(owner.rawValue) \(id.uuidString.lowercased()): \(problem)" }
}
