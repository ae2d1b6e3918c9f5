import Foundation

// Arithmetic on PostgreSQL. 64-bit integer arithmetic fails with an error of its own where
// Swift would trap, and narrower types are checked against their range; floating-point
// arithmetic fails on overflow there, where Swift yields an infinity, so it is left to Swift:
// a condition that uses it is unknown to SQL (see `InexactBounds`).

extension PostgresDialect {
  func integerArithmetic(
    _ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    try translator.postgresInteger(lhs, op, rhs, of: type)
  }

  func floatingArithmetic(
    _ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    try translator.unknown(lhs, rhs)
  }

  func negated(_ operand: SQLTerm, of type: Any.Type, in translator: PredicateTranslator) -> SQLTerm {
    let negated = SQLTerm(sql: "(- \(operand.sql))", bindings: operand.bindings)
    return type is any BinaryInteger.Type ? translator.postgresInRange(negated, of: type) : negated
  }

  func integerDivision(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    try translator.postgresInteger(lhs, "/", rhs, of: type)
  }

  func integerRemainder(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    if PredicateTranslator.isUnsigned64(type) {
      return try translator.postgresInteger(lhs, "%", rhs, of: type)
    }
    // `%` truncates as Swift does, but answers `least % -1` where Swift overflows: the
    // division, written out, fails there (and on zero) as Swift does.
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    let quotient = translator.postgresInRange(
      SQLTerm(sql: "(\(left.sql) / \(right.sql))", bindings: left.bindings + right.bindings), of: type)
    return SQLTerm(
      sql: "(\(left.sql) - \(quotient.sql) * \(right.sql))",
      bindings: left.bindings + quotient.bindings + right.bindings)
  }

  func floatingDivision(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    try translator.unknown(lhs, rhs)
  }
}
