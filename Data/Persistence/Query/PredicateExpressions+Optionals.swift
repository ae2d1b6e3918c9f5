import Foundation

// Optionals: `??`, optional chaining and `flatMap`, and force-unwrapping.

extension PredicateExpressions.NilCoalesce: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    var result = SQLTerm.call("coalesce", left, right)
    result.mayBeNaN = right.mayBeNaN
    return result
  }
}

extension PredicateExpressions.OptionalFlatMap: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let value = try translator.translate(wrapped)
    let result = try translator.binding(variable.key, to: value).translate(transform)
    guard case .scalar = value.shape else {
      // Inside JSON a missing document reads as NULL all the way down: no test needed.
      return result
    }
    let transformed = try translator.requireScalar(result)
    return SQLTerm(
      sql: "(CASE WHEN \(value.sql) IS NULL THEN NULL ELSE \(transformed.sql) END)",
      bindings: value.bindings + transformed.bindings)
  }
}

extension PredicateExpressions.ForcedUnwrap: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let value = try translator.translate(inner)
    guard case .scalar = value.shape else { return value }
    translator.noteFallible()
    return translator.dialect.unwrapped(value)
  }
}
