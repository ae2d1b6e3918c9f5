/// A failure reported by a ``Repository``, whatever its storage.
public enum RepositoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No model has the requested identifier.
  case notFound(id: String)
  /// A uniqueness or foreign-key rule rejected the change; the message names the rule.
  case constraintViolation(String)
  /// A value cannot be stored (for example a floating-point NaN).
  case invalidValue(String)
  /// The descriptor asks for something the store cannot evaluate; the message names it.
  case unsupportedQuery(String)
  /// The store could not be opened, read or written.
  case unavailable(String)

  /// A one-line, human-readable description.
  public var description: String {
    switch self {
    case .notFound(let id): "no model has the identifier \(id)"
    case .constraintViolation(let message): "constraint violated: \(message)"
    case .invalidValue(let message): "invalid value: \(message)"
    case .unsupportedQuery(let message): "unsupported query: \(message)"
    case .unavailable(let message): "store unavailable: \(message)"
    }
  }
}
