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
  /// The query was valid but failed while it ran, on a stored model for which Swift's own
  /// evaluation would trap: an integer overflow, a division by zero, `!` of nil. The message
  /// says which; the store is unchanged.
  case queryFailed(String)
  /// The store could not be opened, read or written; `detail`, when there is one, is for
  /// developers (such as the failing SQL and the storage's result code), not for users.
  case unavailable(String, detail: String? = nil)
  /// Another writer held the store for longer than the repository waits for it; the message
  /// names the writer when the storage can tell.
  case busy(String)
  /// The connection to the store's server was lost before the operation finished (the server
  /// stopped, restarted or ended the session, or the network failed): what the operation had
  /// not committed is not saved. `detail`, when there is one, is what the server or its client
  /// library said, for developers.
  case connectionLost(String, detail: String? = nil)
  /// The store cancelled an operation that ran, or waited for a lock, longer than its time limit
  /// allows (a PostgreSQL server's `statement_timeout` or `lock_timeout`); the message says
  /// which.
  case timedOut(String)
  /// Some stored models cannot be read (a value another program wrote does not decode as
  /// its attribute): `count` of them, the first few named in `rows` as identifier and reason.
  /// An enumeration that meets them hands on every other model first, then throws this.
  case unreadable(count: Int, rows: [String])

  /// A one-line, human-readable description.
  public var description: String {
    switch self {
    case .notFound(let id): "no model has the identifier \(id)"
    case .constraintViolation(let message): "constraint violated: \(message)"
    case .invalidValue(let message): "invalid value: \(message)"
    case .unsupportedQuery(let message): "unsupported query: \(message)"
    case .queryFailed(let message): "query failed: \(message)"
    case .unavailable(let message, _): "store unavailable: \(message)"
    case .busy(let message): message
    case .connectionLost(let message, _): "store unavailable: \(message)"
    case .timedOut(let message): "timed out: \(message)"
    case .unreadable(let count, let rows):
      "\(count) stored \(count == 1 ? "model cannot" : "models cannot") be read: "
        + rows.joined(separator: "; ") + (count > rows.count ? "; and \(count - rows.count) more" : "")
    }
  }
}
