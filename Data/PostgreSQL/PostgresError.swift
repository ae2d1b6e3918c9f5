import Foundation

/// An error of a PostgreSQL server or of the connection to it.
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The server's five-character SQLSTATE code (`23505` for a unique violation), or `nil` when
  /// no server answered (the connection failed or was lost).
  public let code: String?
  /// The server's or libpq's message, on one line.
  public let message: String

  /// An error with a code and a message, as the server reports one; the message is put on one
  /// line, its lines (libpq's hint, the server's `DETAIL:`) parted by `; `.
  public init(code: String?, message: String) {
    self.code = code
    self.message = message.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: "; ")
  }

  /// Whether running the transaction again may succeed: a serialization failure (`40001`) or a
  /// deadlock (`40P01`), which PostgreSQL reports so that the client retries.
  public var isRetryable: Bool { code == "40001" || code == "40P01" }

  /// Whether a unique constraint refused the row (`23505`).
  public var isUniqueViolation: Bool { code == "23505" }

  /// The code and the message, as a log line shows them.
  public var description: String { code.map { "PostgreSQL \($0): \(message)" } ?? "PostgreSQL: \(message)" }
}
