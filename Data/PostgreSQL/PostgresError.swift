import Foundation

/// An error of a PostgreSQL server or of the connection to it.
///
/// Its ``description`` is the server's (or libpq's) primary message alone, for people; its
/// ``debugDescription`` adds the SQLSTATE code and the server's detail, hint and context (the
/// PL/pgSQL lines, the statement), for developers — as `SQLiteError` keeps its code and SQL out
/// of its description. A lost connection (``isConnectionLost``) says only that, and keeps what
/// the server or libpq said in its detail. Neither ever holds the connection's password.
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The server's five-character SQLSTATE code (`23505` for a unique violation); for a
  /// connection lost without a word from the server, ``connectionLostCode``; `nil` when no
  /// server answered (the connection could not be made).
  public let code: String?
  /// The server's or libpq's primary message, on one line.
  public let message: String
  /// What the server said beyond its primary message — its `DETAIL`, `HINT` and `CONTEXT` —
  /// on one line, or `nil` when it said nothing more.
  public let detail: String?

  /// An error with a code and a message, as the server reports one; the message is put on one
  /// line, its lines (libpq's hint, the server's `DETAIL:`) parted by `; `.
  public init(code: String?, message: String, detail: String? = nil) {
    self.code = code
    self.message = Self.oneLine(message)
    self.detail = detail.map(Self.oneLine).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Whether running the transaction again may succeed: a serialization failure (`40001`) or a
  /// deadlock (`40P01`), which PostgreSQL reports so that the client retries.
  public var isRetryable: Bool { code == "40001" || code == "40P01" }

  /// Whether a unique constraint refused the row (`23505`).
  public var isUniqueViolation: Bool { code == "23505" }

  /// Whether the statement was cancelled because it ran, or waited for a lock, longer than the
  /// server's `statement_timeout` or `lock_timeout` allows (`57014`, `55P03`).
  public var isTimeout: Bool { code == "57014" || code == "55P03" }

  /// Whether the server refused the connection because it serves as many as it may
  /// (`53300`, `too_many_connections`): a connection later may succeed.
  public var isServerFull: Bool { code == "53300" }

  /// The primary message, as a person reads it.
  public var description: String { message }

  /// The code, the message and the server's detail, as a log line shows them.
  public var debugDescription: String {
    (code.map { "PostgreSQL \($0): " } ?? "PostgreSQL: ") + message + (detail.map { " (\($0))" } ?? "")
  }

  /// Text on one line, its lines parted by `; `.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: "; ")
  }
}
