import Foundation

// Arithmetic on SQLite, with Swift's rules where SQLite's differ: integer overflow and division
// by zero fail the query (Swift would trap) instead of turning into a real or NULL.

extension SQLiteDialect {
  func integerArithmetic(
    _ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    let function =
      switch op {
      case "+": "swift_add"
      case "-": "swift_subtract"
      default: "swift_multiply"
      }
    return try integerCall(function, lhs, rhs, of: type, in: translator)
  }

  func floatingArithmetic(
    _ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    return floatingResult(
      SQLTerm(sql: "(\(left.sql) \(op) \(right.sql))", bindings: left.bindings + right.bindings), of: type)
  }

  func negated(_ operand: SQLTerm, of type: Any.Type, in translator: PredicateTranslator) -> SQLTerm {
    guard let (least, greatest) = PredicateTranslator.integerBounds(of: type) else {
      var negated = SQLTerm.call("swift_negate", operand)
      negated.mayBeNaN = operand.mayBeNaN
      return negated
    }
    return SQLTerm(sql: "swift_negate(\(operand.sql), \(least), \(greatest))", bindings: operand.bindings)
  }

  func integerDivision(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    try integerCall("swift_divide", lhs, rhs, of: type, in: translator)
  }

  func integerRemainder(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    try integerCall("swift_remainder", lhs, rhs, of: type, in: translator)
  }

  func floatingDivision(
    _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    floatingResult(try translator.call("swift_divide_real", lhs, rhs), of: type)
  }

  /// A call of one of the Swift integer functions, given the range of the operands' type where
  /// it is not `Int64`'s, so that a result Swift would trap on fails the query.
  private func integerCall(
    _ function: String, _ lhs: Any, _ rhs: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    // `0, -1` stands for `UInt64`, whose results past `Int64.max` the functions hold apart.
    let range =
      PredicateTranslator.isUnsigned64(type)
      ? ", 0, -1" : PredicateTranslator.integerBounds(of: type).map { ", \($0.least), \($0.greatest)" } ?? ""
    return SQLTerm(sql: "\(function)(\(left.sql), \(right.sql)\(range))", bindings: left.bindings + right.bindings)
  }

  /// The result of floating-point arithmetic: rounded to `Float` for `Float` operands, as Swift
  /// rounds each result; and marked as possibly NaN, which SQLite holds as `NULL` (see
  /// ``SQLTerm/mayBeNaN``).
  private func floatingResult(_ term: SQLTerm, of type: Any.Type) -> SQLTerm {
    var result = type is Float.Type ? SQLTerm.call("swift_float", term) : term
    result.mayBeNaN = true
    return result
  }
}
