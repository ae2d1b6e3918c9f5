/// PostgreSQL's numbered parameters for the engine's `?`.
enum PostgresPlaceholders {
  /// The SQL with each `?` parameter written `$1`, `$2`, … in order, leaving alone a `?` inside
  /// a string literal (`'…'`, with `''` for a quote) or a quoted identifier (`"…"`, with `""`).
  ///
  /// The engine's SQL never uses PostgreSQL's `jsonb` operators spelled with `?`.
  static func numbered(_ sql: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(sql.unicodeScalars.count + 8)
    var quote: Unicode.Scalar?
    var number = 0
    for scalar in sql.unicodeScalars {
      if let open = quote {
        // A doubled quote closes and reopens at once, which leaves the same state.
        if scalar == open { quote = nil }
      } else if scalar == "'" || scalar == "\"" {
        quote = scalar
      } else if scalar == "?" {
        number += 1
        result += "$\(number)"
        continue
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
