import SQLValues
import SQLiteCore

/// The first try of a query that reads a narrowing set — the rows a substring index finds for
/// a search, the keys a reference filter keeps: the same query testing each row instead
/// (``QueryBuilder/scan(_:narrowed:)``), read in the query's own order and stopped after a
/// bounded amount of work, after which the query through the set runs.
///
/// Building the set takes time that grows with the rows in it: a rare needle or tag in
/// milliseconds, a word most rows hold (`film` in a catalog of films) or a tag most movies have by
/// listing nearly every row. A scan in an indexed order meets the first page of such a set
/// within its first rows. Both queries return the same rows, so only the time differs: a scan
/// that finishes is the answer; one that does not costs at most its budget (a few milliseconds
/// here) before the set is read.
enum BoundedScan {
  /// The most of SQLite's virtual machine instructions a scan runs: a few hundred rows tested
  /// in a page's order (a row read by an index costs some ten instructions, and ten
  /// microseconds of page reads when the pages are not cached).
  static let budget = 5_000

  /// The longest page a cursor, which holds one row at a time, reads by a scan: its rows are
  /// held until the scan ends.
  static let longestHeldPage = 1_000

  /// The rows `read` returns when it finishes within the budget on `connection`; `nil` if not.
  ///
  /// - Throws: what `read` throws, but its interruption.
  static func run<T>(_ read: () throws -> T, on connection: Connection) throws -> T? {
    try connection.withinSteps(budget, read)
  }
}
