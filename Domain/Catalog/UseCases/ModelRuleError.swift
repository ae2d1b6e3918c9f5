/// A model refused by its use cases: a value breaks one of its rules, or another stored model
/// already has a value that must be unique.
///
/// The use cases `scripts/new-model.sh` writes throw it, so that a model added beside `Movie`
/// needs no error type of its own; the app reports ``invalid(_:)`` as bad usage (exit status 2).
public enum ModelRuleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A value breaks a rule; the message says which, such as `the book's title must not be empty`.
  case invalid(String)
  /// Another stored model has the same unique value; the message names the attributes.
  case duplicate(String)

  /// The message.
  public var description: String {
    switch self {
    case .invalid(let message), .duplicate(let message): message
    }
  }
}
