import Foundation
import SQLiteCore

// Comparisons, equality, boolean logic and the ternary conditional.

extension PredicateExpressions.Equal: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    // `IS` treats NULL as a value, as Swift treats nil: nil == nil is true.
    try translator.binary(lhs, "IS", rhs)
  }
}

extension PredicateExpressions.NotEqual: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.binary(lhs, "IS NOT", rhs)
  }
}

extension PredicateExpressions.Comparison: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let symbol =
      switch op {
      case .lessThan: "<"
      case .lessThanOrEqual: "<="
      case .greaterThan: ">"
      case .greaterThanOrEqual: ">="
      }
    return try translator.binary(lhs, symbol, rhs)
  }
}

extension PredicateExpressions.Conjunction: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    // As in Swift, a false left side means the right side is never evaluated.
    let left = try translator.scalar(lhs)
    if left.constant == false { return .constant(false) }
    let right = try translator.scalar(rhs)
    if left.constant == true { return right }
    if right.constant == true { return left }
    if right.constant == false { return .constant(false) }
    return SQLTerm(sql: "(\(left.sql) AND \(right.sql))", bindings: left.bindings + right.bindings)
  }
}

extension PredicateExpressions.Disjunction: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    // As in Swift, a true left side means the right side is never evaluated.
    let left = try translator.scalar(lhs)
    if left.constant == true { return .constant(true) }
    let right = try translator.scalar(rhs)
    if left.constant == false { return right }
    if right.constant == false { return left }
    if right.constant == true { return .constant(true) }
    return SQLTerm(sql: "(\(left.sql) OR \(right.sql))", bindings: left.bindings + right.bindings)
  }
}

extension PredicateExpressions.Negation: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let operand = try translator.scalar(wrapped)
    if let constant = operand.constant { return .constant(!constant) }
    return SQLTerm(sql: "(NOT \(operand.sql))", bindings: operand.bindings)
  }
}

extension PredicateExpressions.Conditional: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let test = try translator.scalar(test)
    if let constant = test.constant {
      // Only the branch Swift would take is translated.
      return try translator.scalar(constant ? trueBranch : falseBranch)
    }
    let yes = try translator.scalar(trueBranch)
    let no = try translator.scalar(falseBranch)
    return SQLTerm(
      sql: "(CASE WHEN \(test.sql) THEN \(yes.sql) ELSE \(no.sql) END)",
      bindings: test.bindings + yes.bindings + no.bindings)
  }
}

extension PredicateTranslator {
  /// Translates `lhs op rhs` in parentheses; both sides must be scalars.
  func binary(_ lhs: Any, _ op: String, _ rhs: Any) throws(PersistenceError) -> SQLTerm {
    let left = try scalar(lhs)
    let right = try scalar(rhs)
    return SQLTerm(sql: "(\(left.sql) \(op) \(right.sql))", bindings: left.bindings + right.bindings)
  }

  /// Translates `function(arguments…)`; every argument must be a scalar.
  func call(_ function: String, _ arguments: Any...) throws(PersistenceError) -> SQLTerm {
    var sql: [String] = []
    var bindings: [SQLValue] = []
    for argument in arguments {
      let term = try scalar(argument)
      sql.append(term.sql)
      bindings += term.bindings
    }
    return SQLTerm(sql: "\(function)(\(sql.joined(separator: ", ")))", bindings: bindings)
  }
}
