/// Counts the terms of a translation that can fail while the query runs (integer arithmetic
/// that overflows or divides by zero, `!` of nil), so that `&&` and `||` know when their right
/// side must not be evaluated where Swift would not evaluate it.
///
/// SQL does not promise to short-circuit `AND` and `OR` (SQLite evaluates both sides of one
/// used as a value; PostgreSQL's order is undefined), so a right side that can fail is guarded
/// with `CASE`, which evaluates only the branch taken.
final class FallibleTermCount {
  /// The fallible terms made so far.
  var value = 0
}
