import Foundation

/// The password a connection string holds, found to keep it out of every message: libpq's own
/// messages quote a malformed URL whole (`invalid IPv6 host address in URI: "postgres://…"`).
///
/// Found in each of libpq's forms, even a malformed one: a URL's user information
/// (`postgres://user:PASSWORD@host`), a `password=` parameter of a URL's query, and a
/// `password=` pair of a `key=value` string, quoted or not.
enum PostgresPassword {
  /// `message` with every occurrence of the passwords `connectionString` holds, as written and
  /// percent-decoded, replaced by `***`.
  static func redacting(_ message: String, of connectionString: String) -> String {
    var message = message
    for secret in passwords(in: connectionString).sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
      message = message.replacingOccurrences(of: secret, with: "***")
    }
    return message
  }

  /// The passwords a connection string holds, as written and percent-decoded.
  static func passwords(in connectionString: String) -> [String] {
    var found: [String] = []
    if let scheme = connectionString.range(of: "://") {
      let rest = connectionString[scheme.upperBound...]
      // The user information ends at the last `@` before the path (or the string's end).
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        found.append(String(authority[authority.index(after: colon)..<at]))
      }
    }
    let pattern = #"password\s*=\s*('(?:[^'\\]|\\.)*'|[^\s&]+)"#
    if let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) {
      let whole = NSRange(connectionString.startIndex..., in: connectionString)
      for match in expression.matches(in: connectionString, range: whole) {
        guard let range = Range(match.range(at: 1), in: connectionString) else { continue }
        var value = String(connectionString[range])
        found.append(value)
        if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 {
          value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\'", with: "'")
          found.append(value)
        }
      }
    }
    return found + found.compactMap { $0.removingPercentEncoding }.filter { !found.contains($0) }
  }
}
