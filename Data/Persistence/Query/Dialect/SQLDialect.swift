import Foundation
import SQLValues

/// The SQL of one database, where two databases' SQL differ: what the predicate translator,
/// the query builder, the family query and the keyset condition ask of it.
///
/// The translator walks a predicate once for every database and asks its dialect only for the
/// nodes whose SQL differs by more than a word (equality, comparison, arithmetic, unwrapping,
/// JSON, membership, text tests). Each conformance writes its database's SQL and nothing else:
/// ``SQLiteDialect`` calls the Swift functions every SQLite connection registers, and
/// ``PostgresDialect`` casts bound values to its column types. Both write `?` for a parameter;
/// ``PostgresPlaceholders/numbered(_:)`` turns PostgreSQL's into `$1`, `$2`, ….
///
/// What a dialect cannot answer exactly it may answer with a wider condition that the caller
/// checks again in Swift (``isExact``, ``PredicateFilter``).
protocol SQLDialect: Sendable {
  /// Whether every condition written is exact; when not, a condition may only bound the rows
  /// (see ``InexactBounds``), and the caller checks each again in Swift.
  var isExact: Bool { get }

  /// Whether queries can be cached by their shape and bounded scans replace a set that most
  /// rows are in (``QueryBuilder/scan(_:narrowed:)``): the SQLite repository's own paths.
  var readsBySelectionShape: Bool { get }

  /// The literal of a boolean known before the query runs.
  func literal(_ value: Bool) -> String

  /// An `ORDER BY` term: the column and its direction; both databases put `NULL` first in
  /// ascending order and last in descending order.
  func orderTerm(_ column: String, ascending: Bool, isOptional: Bool) -> String

  /// The SQL of a parameter compared with a column's values in its order (a keyset page).
  func parameter(comparedWith column: Column) -> String

  /// Appends `LIMIT` and `OFFSET` to `query`, given as bound values (a limit of -1 is none).
  func appendPage(limit: SQLValue, offset: SQLValue, to query: inout SQLFragment)

  /// Whether a family's result column made for `column` holds `other` too.
  func resultColumn(_ column: Column, holds other: Column) -> Bool

  /// A family arm's value for a result column: the member's own column where it `holds` one,
  /// a `NULL` otherwise, named `alias`.
  func familyValue(_ column: Column, alias: String, holds: Bool) -> String

  /// `lhs == rhs` (or `!=` when `negated`), with Swift's meaning of nil: `nil == nil` is true.
  func equality(
    _ lhs: Any, _ rhs: Any, negated: Bool, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm

  /// `lhs op rhs` for `op` one of `<`, `<=`, `>`, `>=`; `isText` for operands compared as text.
  func comparison(
    _ lhs: Any, _ op: String, _ rhs: Any, isText: Bool, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm

  /// `element` within `lower` and `upper` (`upper` included when `closed`).
  func rangeContains(
    _ element: SQLTerm, lower: SQLTerm, upper: SQLTerm, closed: Bool, isText: Bool, in translator: PredicateTranslator
  ) -> SQLTerm

  /// Integer `lhs op rhs` (`op` one of `+`, `-`, `*`) of a type, failing the query where Swift
  /// would trap.
  func integerArithmetic(
    _ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm

  /// Floating-point `lhs op rhs` (`op` one of `+`, `-`, `*`) of a type.
  func floatingArithmetic(
    _ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm

  /// `-operand` of a type, failing the query where Swift would trap.
  func negated(_ operand: SQLTerm, of type: Any.Type, in translator: PredicateTranslator) -> SQLTerm

  /// Integer `lhs / rhs`, failing where Swift would trap.
  func integerDivision(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm

  /// Integer `lhs % rhs`, failing where Swift would trap.
  func integerRemainder(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm

  /// Floating-point `lhs / rhs`.
  func floatingDivision(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm

  /// `value!`: the value, failing the query where it is `NULL`, as Swift traps.
  func unwrapped(_ value: SQLTerm) -> SQLTerm

  /// A captured value of a Swift type, as a parameter.
  func captured(
    _ value: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm

  /// A scalar of a kind inside a JSON attribute, at `path` within `base`.
  func jsonScalar(
    base: SQLFragment, path: [String], kind: ValueKind, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm

  /// Whether the JSON array at `path` within `base` holds `element`, never `NULL`.
  func jsonContains(
    base: SQLFragment, path: [String], element: JSONArrayElement, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm

  /// `element` among the values of a captured sequence, never `NULL`.
  func membership(
    _ element: SQLTerm, in sequence: any Sequence, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm

  /// `base.starts(with: prefix)` on text, by Swift's characters.
  func startsWith(
    _ base: Any, _ prefix: Any, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm

  /// `base.contains(other)` on text, by Swift's characters.
  func containsText(
    _ base: Any, _ other: Any, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
}
