import Foundation

// Comparisons, equality, boolean logic and the ternary conditional.

extension PredicateExpressions.Equal: SQLExpressible where LHS: SQLExpressible, RHS: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.dialect.equality(lhs, rhs, negated: false, in: translator)
  }
}

extension PredicateExpressions.NotEqual: SQLExpressible where LHS: SQLExpressible, RHS: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.dialect.equality(lhs, rhs, negated: true, in: translator)
  }
}

extension PredicateExpressions.Comparison: SQLExpressible where LHS: SQLExpressible, RHS: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let symbol =
      switch op {
      case .lessThan: "<"
      case .lessThanOrEqual: "<="
      case .greaterThan: ">"
      case .greaterThanOrEqual: ">="
      }
    return try translator.dialect.comparison(
      lhs, symbol, rhs, isText: LHS.Output.self == String.self, in: translator)
  }
}

extension PredicateExpressions.Conjunction: SQLExpressible, BoundsCombining {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    // As in Swift, a false left side means the right side is never evaluated.
    let (left, leftMayFail) = try translator.fallibleScalar(lhs)
    if left.constant == false { return translator.constant(false) }
    let (right, rightMayFail) = try translator.fallibleScalar(rhs)
    if left.constant == true { return right }
    if right.constant == true { return left }
    // Swift evaluates the left side before it meets the false: where that can fail, so must
    // the query.
    if right.constant == false {
      return leftMayFail ? translator.evaluating(left, then: false) : translator.constant(false)
    }
    guard left.bounds == nil, right.bounds == nil else {
      return .bounded(
        InexactBounds(
          upper: InexactBounds.and(left.upper, right.upper), lower: InexactBounds.and(left.lower, right.lower)))
    }
    guard rightMayFail || leftMayFail else {
      return SQLTerm(sql: "(\(left.sql) AND \(right.sql))", bindings: left.bindings + right.bindings)
    }
    let no = translator.dialect.literal(false)
    guard !leftMayFail else {
      // The left side first, whatever the right: SQL may otherwise test a right side that is
      // false (or known false) first and never meet the left's failure, which Swift meets.
      return SQLTerm(
        sql: "(CASE WHEN \(left.sql) THEN \(right.sql) ELSE \(no) END)", bindings: left.bindings + right.bindings)
    }
    // The right side only where the left is true, as in Swift; the left also stands alone, so
    // an index can still find its rows.
    return SQLTerm(
      sql: "(\(left.sql) AND (CASE WHEN \(left.sql) THEN \(right.sql) ELSE \(translator.dialect.literal(false)) END))",
      bindings: left.bindings + left.bindings + right.bindings)
  }
}

extension PredicateExpressions.Disjunction: SQLExpressible, BoundsCombining {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    // As in Swift, a true left side means the right side is never evaluated.
    let (left, leftMayFail) = try translator.fallibleScalar(lhs)
    if left.constant == true { return translator.constant(true) }
    let (right, rightMayFail) = try translator.fallibleScalar(rhs)
    if left.constant == false { return right }
    if right.constant == false { return left }
    if right.constant == true {
      return leftMayFail ? translator.evaluating(left, then: true) : translator.constant(true)
    }
    guard left.bounds == nil, right.bounds == nil else {
      return .bounded(
        InexactBounds(
          upper: InexactBounds.or(left.upper, right.upper), lower: InexactBounds.or(left.lower, right.lower)))
    }
    if leftMayFail {
      // The left side first, whatever the right (see `Conjunction`).
      return SQLTerm(
        sql: "(CASE WHEN \(left.sql) THEN \(translator.dialect.literal(true)) ELSE \(right.sql) END)",
        bindings: left.bindings + right.bindings)
    }
    if rightMayFail {
      // The right side only where the left is not true, as in Swift.
      return SQLTerm(
        sql: "(\(left.sql) OR (CASE WHEN \(left.sql) THEN \(translator.dialect.literal(true)) ELSE \(right.sql) END))",
        bindings: left.bindings + left.bindings + right.bindings)
    }
    // Both sides narrowed by the same row set (one needle in two searchable columns): the set
    // once, and either exact test within it — `(N AND a) OR (N AND b)` is `N AND (a OR b)` in
    // SQL's three-valued logic too — where SQLite would otherwise build the set for each side
    // and merge their rows.
    if let leftParts = left.narrowed, let rightParts = right.narrowed, leftParts.narrowing == rightParts.narrowing {
      return SQLTerm(
        narrowing: leftParts.narrowing,
        exact: SQLFragment(
          "(\(leftParts.exact.sql) OR \(rightParts.exact.sql))", leftParts.exact.bindings + rightParts.exact.bindings))
    }
    return SQLTerm(sql: "(\(left.sql) OR \(right.sql))", bindings: left.bindings + right.bindings)
  }
}

extension PredicateExpressions.Negation: SQLExpressible, BoundsCombining where Wrapped: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let operand = try translator.scalar(wrapped)
    if let constant = operand.constant { return translator.constant(!constant) }
    if let bounds = operand.bounds { return .bounded(bounds.negated) }
    return SQLTerm(sql: "(NOT \(operand.sql))", bindings: operand.bindings)
  }
}

extension PredicateExpressions.Conditional: SQLExpressible, BoundsCombining {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let test = try translator.scalar(test)
    if let constant = test.constant {
      // Only the branch Swift would take is translated.
      return try translator.scalar(constant ? trueBranch : falseBranch)
    }
    let yes = try translator.scalar(trueBranch)
    let no = try translator.scalar(falseBranch)
    if test.bounds != nil || yes.bounds != nil || no.bounds != nil {
      // Only a condition's bounds can be chosen between; any other value is unknown.
      guard Output.self == Bool.self else { return .unknown(translator.dialect) }
      return .bounded(
        InexactBounds(
          upper: InexactBounds.conditional(
            test: (test.upper, test.lower), yes: yes.upper, no: no.upper,
            either: InexactBounds.or(yes.upper, no.upper)),
          lower: InexactBounds.conditional(
            test: (test.upper, test.lower), yes: yes.lower, no: no.lower,
            either: InexactBounds.and(yes.lower, no.lower))))
    }
    var result = SQLTerm(
      sql: "(CASE WHEN \(test.sql) THEN \(yes.sql) ELSE \(no.sql) END)",
      bindings: test.bindings + yes.bindings + no.bindings)
    result.mayBeNaN = yes.mayBeNaN || no.mayBeNaN
    return result
  }
}

extension PredicateTranslator {
  /// A boolean known before the query runs, reached only once a term that can fail has been
  /// evaluated, as Swift evaluates it before it meets the boolean.
  func evaluating(_ term: SQLTerm, then value: Bool) -> SQLTerm {
    let literal = dialect.literal(value)
    var result = SQLTerm(sql: "(CASE WHEN \(term.sql) THEN \(literal) ELSE \(literal) END)", bindings: term.bindings)
    result.neverNull = true
    return result
  }

  /// Translates `function(arguments…)`; every argument must be a scalar.
  func call(_ function: String, _ arguments: Any...) throws(PersistenceError) -> SQLTerm {
    var terms: [SQLTerm] = []
    for argument in arguments { terms.append(try scalar(argument)) }
    return .call(function, terms)
  }
}
