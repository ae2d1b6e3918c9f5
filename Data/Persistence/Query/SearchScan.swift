import SQLiteCore

/// A search's first try: its query without the substring index (``QueryBuilder/scan(_:narrowed:)``),
/// read in the query's own order and stopped after a bounded amount of work, after which the
/// query through the index runs.
///
/// The index finds a needle in time that grows with the rows holding its trigrams: a rare
/// needle in milliseconds, a word most rows hold (`film` in a catalog of films) by listing nearly
/// every row. A scan in an indexed order meets the first page of such a word within its first
/// rows. Both queries return the same rows, so only the time differs: a scan that finishes is
/// the answer; one that does not costs at most its budget (about 2 ms here) before the index.
enum SearchScan {
  /// The most of SQLite's virtual machine instructions a scan runs: some ten thousand rows
  /// tested in a page's order.
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
