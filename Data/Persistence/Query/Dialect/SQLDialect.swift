/// The SQL a query is written in: SQLite's, or PostgreSQL's.
///
/// The one place where the two engines' query SQL differs is decided by this value, which the
/// predicate translator, the query builder (order and page) and the keyset condition carry.
/// SQLite's SQL calls the Swift functions every connection registers (`swift_add`,
/// `swift_contains`, …) and stores dates as reals, UUIDs as blobs, booleans as 0 and 1.
/// PostgreSQL's SQL reads the engine's column types there (`ValueKind.postgresType`: `boolean`,
/// `bigint`, `double precision` for reals and dates, `text COLLATE "C"`, `bytea`, `uuid`,
/// `jsonb`) while values are still bound as the engine's `SQLValue`s (a UUID as its 16 bytes, a
/// `Bool` as 0 or 1), so its SQL casts them where they are used (see ``PostgresSQL``). What PostgreSQL cannot answer
/// exactly (text matched by Swift's characters, floating-point arithmetic) is answered by a
/// wider condition that the caller checks again in Swift (see ``PredicateFilter``).
///
/// Both write `?` for a parameter; ``PostgresPlaceholders/numbered(_:)`` turns PostgreSQL's
/// into `$1`, `$2`, ….
enum SQLDialect: Sendable, Hashable {
  /// SQLite, with the engine's Swift functions.
  case sqlite
  /// PostgreSQL, with the engine's column types.
  case postgreSQL

  /// The literal of a boolean known before the query runs.
  func literal(_ value: Bool) -> String {
    switch self {
    case .sqlite: value ? "1" : "0"
    case .postgreSQL: value ? "TRUE" : "FALSE"
    }
  }

  /// An `ORDER BY` term: the column, its direction, and — on PostgreSQL, for a column that may
  /// hold `NULL` — where `NULL` goes. Both engines then put `NULL` first in ascending order and
  /// last in descending order, as SQLite does by itself (PostgreSQL's own default is the
  /// opposite).
  func orderTerm(_ column: String, ascending: Bool, isOptional: Bool) -> String {
    let direction = ascending ? " ASC" : " DESC"
    guard self == .postgreSQL, isOptional else { return column + direction }
    return column + direction + (ascending ? " NULLS FIRST" : " NULLS LAST")
  }
}
