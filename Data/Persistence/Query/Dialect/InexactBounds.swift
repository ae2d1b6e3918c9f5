/// The bounds of a condition that SQL can only approximate (on PostgreSQL, a text match by
/// Swift's characters, or floating-point arithmetic).
///
/// In SQL's three truth values ordered `FALSE < NULL < TRUE`, `upper` is never below what
/// Swift's predicate answers for a row, and `lower` never above. So every row Swift's predicate
/// keeps is kept by `upper`, whatever the logic around it: `NOT` swaps the two bounds, `AND`
/// and `OR` combine them bound by bound. A term that cannot be bounded better stands between
/// `TRUE` and `FALSE` (see ``SQLTerm/unknown(_:)``).
struct InexactBounds {
  /// True wherever Swift's answer is.
  var upper: SQLFragment
  /// True only where Swift's answer is.
  var lower: SQLFragment

  /// The bounds of `NOT` the condition.
  var negated: InexactBounds {
    InexactBounds(upper: Self.not(lower), lower: Self.not(upper))
  }

  /// `a AND b`, folding the literals `TRUE` and `FALSE`.
  static func and(_ left: SQLFragment, _ right: SQLFragment) -> SQLFragment {
    if left.sql == "FALSE" || right.sql == "FALSE" { return SQLFragment("FALSE") }
    if left.sql == "TRUE" { return right }
    if right.sql == "TRUE" { return left }
    return SQLFragment("(\(left.sql) AND \(right.sql))", left.bindings + right.bindings)
  }

  /// `a OR b`, folding the literals `TRUE` and `FALSE`.
  static func or(_ left: SQLFragment, _ right: SQLFragment) -> SQLFragment {
    if left.sql == "TRUE" || right.sql == "TRUE" { return SQLFragment("TRUE") }
    if left.sql == "FALSE" { return right }
    if right.sql == "FALSE" { return left }
    return SQLFragment("(\(left.sql) OR \(right.sql))", left.bindings + right.bindings)
  }

  /// `NOT a`, folding the literals `TRUE` and `FALSE`.
  static func not(_ operand: SQLFragment) -> SQLFragment {
    switch operand.sql {
    case "TRUE": SQLFragment("FALSE")
    case "FALSE": SQLFragment("TRUE")
    default: SQLFragment("(NOT \(operand.sql))", operand.bindings)
    }
  }

  /// `CASE WHEN test THEN yes ELSE no END` for bounds, when the test itself is bounded: where
  /// its lower bound holds, Swift takes `yes`; where only its upper bound does, either branch.
  static func conditional(
    test: (upper: SQLFragment, lower: SQLFragment), yes: SQLFragment, no: SQLFragment,
    either: SQLFragment
  ) -> SQLFragment {
    SQLFragment(
      "(CASE WHEN \(test.lower.sql) THEN \(yes.sql) WHEN \(test.upper.sql) THEN \(either.sql) ELSE \(no.sql) END)",
      test.lower.bindings + yes.bindings + test.upper.bindings + either.bindings + no.bindings)
  }
}

extension SQLTerm {
  /// The term's upper bound: its SQL when it is exact.
  var upper: SQLFragment { bounds?.upper ?? fragment }
  /// The term's lower bound: its SQL when it is exact.
  var lower: SQLFragment { bounds?.lower ?? fragment }

  /// A term whose value SQL cannot tell: as a condition, anywhere between `TRUE` and `FALSE`.
  static func unknown(_ dialect: any SQLDialect) -> SQLTerm {
    SQLTerm(
      sql: dialect.literal(true), bindings: [],
      bounds: InexactBounds(upper: SQLFragment(dialect.literal(true)), lower: SQLFragment(dialect.literal(false))))
  }

  /// A bounded condition, its SQL its upper bound.
  static func bounded(_ bounds: InexactBounds) -> SQLTerm {
    SQLTerm(sql: bounds.upper.sql, bindings: bounds.upper.bindings, bounds: bounds)
  }
}
