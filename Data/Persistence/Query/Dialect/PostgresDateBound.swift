import SQLiteCore

/// A `timestamptz` column compared with a date value the way Swift compares the `Date` the
/// engine reads back, as a range of the column itself, which an index on it answers.
///
/// The column holds whole microseconds since 2001, `n`, and reads back as the `Double` nearest
/// `n / 1,000,000` (``PostgresSQL/column(_:kind:)``), a function of `n` that never decreases.
/// So `read(n) < v` exactly when `n` is below the first `n` that reads back at or above `v`, and
/// so on for each comparison: the bound is found in Swift, near `v`, and bound as an integer.
/// A value too far from 2001 (beyond ±2³³ seconds, about 272 years) or infinite has no such
/// bound here, and is compared as seconds instead.
enum PostgresDateBound {
  /// The comparison `column op value` as a range of the column, for `op` one of `<`, `<=`, `>`,
  /// `>=`, `=`; `nil` when the value has no bound.
  static func comparison(_ column: String, _ op: String, _ value: Double) -> SQLFragment? {
    guard let first = firstMicrosecond(readingAtOrAbove: value, strictly: false),
      let firstAbove = firstMicrosecond(readingAtOrAbove: value, strictly: true)
    else { return nil }
    switch op {
    case "<": return compare(column, "<", first)
    case "<=": return compare(column, "<", firstAbove)
    case ">": return compare(column, ">=", firstAbove)
    case ">=": return compare(column, ">=", first)
    case "=":
      let from = compare(column, ">=", first)
      let to = compare(column, "<", firstAbove)
      return SQLFragment("(\(from.sql) AND \(to.sql))", from.bindings + to.bindings)
    default: return nil
    }
  }

  /// The comparison with its sides swapped: `value op column` as `column op' value`.
  static func mirrored(_ op: String) -> String {
    switch op {
    case "<": ">"
    case "<=": ">="
    case ">": "<"
    case ">=": "<="
    default: op
    }
  }

  /// `column op` the instant `microseconds` after 2001-01-01 00:00:00 UTC.
  private static func compare(_ column: String, _ op: String, _ microseconds: Int64) -> SQLFragment {
    SQLFragment(
      "(\(column) \(op) (TIMESTAMPTZ '2001-01-01 00:00:00+00' + ?::int8 * INTERVAL '1 microsecond'))",
      [.integer(microseconds)])
  }

  /// The first whole microsecond that reads back at or above `value` (above it, `strictly`);
  /// `nil` for a value beyond ±2³³ seconds or not finite.
  static func firstMicrosecond(readingAtOrAbove value: Double, strictly: Bool) -> Int64? {
    guard value.isFinite, abs(value) < 8_589_934_592 else { return nil }
    // Below every candidate: the product is off by far less than a microsecond.
    var candidate = Int64((value * 1_000_000).rounded(.down)) - 2
    for _ in 0..<8 {
      let read = Double(candidate) / 1_000_000
      if strictly ? read > value : read >= value { return candidate }
      candidate += 1
    }
    return nil
  }
}
