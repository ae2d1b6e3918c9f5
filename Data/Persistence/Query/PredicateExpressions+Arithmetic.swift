import Foundation

// Arithmetic, with Swift's rules where SQLite's differ: integer overflow and division by zero
// fail the query (Swift would trap) instead of turning into a real or NULL.

// On PostgreSQL, 64-bit integer arithmetic fails with an error of its own where Swift would trap;
// floating-point arithmetic fails on overflow there too, where Swift yields an infinity, so it
// is left to Swift: a condition that uses it is unknown to SQL (see `InexactBounds`).

extension PredicateExpressions.Arithmetic: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if LHS.Output.self is any BinaryInteger.Type { translator.noteFallible() }
    if LHS.Output.self is any BinaryInteger.Type, translator.dialect == .postgreSQL {
      return try translator.postgresInteger(lhs, op.symbol, rhs, of: LHS.Output.self)
    }
    if LHS.Output.self is any BinaryInteger.Type {
      let function =
        switch op {
        case .add: "swift_add"
        case .subtract: "swift_subtract"
        case .multiply: "swift_multiply"
        }
      return try translator.integerCall(function, lhs, rhs, of: LHS.Output.self)
    }
    guard LHS.Output.self is any BinaryFloatingPoint.Type else {
      throw translator.unsupported(Self.self, " (arithmetic on \(LHS.Output.self))")
    }
    guard translator.dialect == .sqlite else { return try translator.unknown(lhs, rhs) }
    return try translator.floatingResult(translator.binary(lhs, op.symbol, rhs), of: LHS.Output.self)
  }
}

extension PredicateExpressions.ArithmeticOperator {
  /// The operator's SQL.
  fileprivate var symbol: String {
    switch self {
    case .add: "+"
    case .subtract: "-"
    case .multiply: "*"
    }
  }
}

extension PredicateExpressions.UnaryMinus: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let operand = try translator.scalar(wrapped)
    if Output.self is any BinaryInteger.Type { translator.noteFallible() }
    switch translator.dialect {
    case .sqlite:
      guard let (least, greatest) = PredicateTranslator.integerBounds(of: Output.self) else {
        var negated = SQLTerm.call("swift_negate", operand)
        negated.mayBeNaN = operand.mayBeNaN
        return negated
      }
      return SQLTerm(sql: "swift_negate(\(operand.sql), \(least), \(greatest))", bindings: operand.bindings)
    case .postgreSQL:
      let negated = SQLTerm(sql: "(- \(operand.sql))", bindings: operand.bindings)
      return Output.self is any BinaryInteger.Type ? translator.postgresInRange(negated, of: Output.self) : negated
    }
  }
}

extension PredicateExpressions.IntDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if !PredicateTranslator.isSafeDivisor(rhs) { translator.noteFallible() }
    return switch translator.dialect {
    case .sqlite: try translator.integerCall("swift_divide", lhs, rhs, of: LHS.Output.self)
    case .postgreSQL: try translator.postgresInteger(lhs, "/", rhs, of: LHS.Output.self)
    }
  }
}

extension PredicateExpressions.IntRemainder: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if !PredicateTranslator.isSafeDivisor(rhs) { translator.noteFallible() }
    guard translator.dialect == .postgreSQL else {
      return try translator.integerCall("swift_remainder", lhs, rhs, of: LHS.Output.self)
    }
    if PredicateTranslator.isUnsigned64(LHS.Output.self) {
      return try translator.postgresInteger(lhs, "%", rhs, of: LHS.Output.self)
    }
    // `%` truncates as Swift does, but answers `least % -1` where Swift overflows: the
    // division, written out, fails there (and on zero) as Swift does.
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    let quotient = translator.postgresInRange(
      SQLTerm(sql: "(\(left.sql) / \(right.sql))", bindings: left.bindings + right.bindings), of: LHS.Output.self)
    return SQLTerm(
      sql: "(\(left.sql) - \(quotient.sql) * \(right.sql))",
      bindings: left.bindings + quotient.bindings + right.bindings)
  }
}

extension PredicateExpressions.FloatDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    switch translator.dialect {
    case .sqlite: try translator.floatingResult(translator.call("swift_divide_real", lhs, rhs), of: LHS.Output.self)
    case .postgreSQL: try translator.unknown(lhs, rhs)
    }
  }
}

extension PredicateTranslator {
  /// The least and greatest values of an integer type narrower than `Int64`, or unsigned — as
  /// far as SQL's 64-bit integers reach; `nil` for `Int` and `Int64`, whose range SQL's is.
  static func integerBounds(of type: Any.Type) -> (least: Int64, greatest: Int64)? {
    switch type {
    case is Int8.Type: (Int64(Int8.min), Int64(Int8.max))
    case is Int16.Type: (Int64(Int16.min), Int64(Int16.max))
    case is Int32.Type: (Int64(Int32.min), Int64(Int32.max))
    case is UInt8.Type: (0, Int64(UInt8.max))
    case is UInt16.Type: (0, Int64(UInt16.max))
    case is UInt32.Type: (0, Int64(UInt32.max))
    case is UInt.Type, is UInt64.Type: (0, Int64.max)
    default: nil
    }
  }

  /// Whether a divisor is a captured integer other than 0 and -1, by which no division or
  /// remainder of any width can fail.
  static func isSafeDivisor(_ divisor: Any) -> Bool {
    guard let captured = (divisor as? any CapturedValue)?.capturedValue as? any BinaryInteger else { return false }
    return Self.isSafe(captured)
  }

  private static func isSafe<I: BinaryInteger>(_ divisor: I) -> Bool {
    divisor != 0 && !(I.isSigned && divisor == -1)
  }

  /// Whether a type is `UInt` or `UInt64`, whose range passes SQL's 64-bit integers'.
  static func isUnsigned64(_ type: Any.Type) -> Bool { type is UInt.Type || type is UInt64.Type }

  /// A call of one of SQLite's Swift integer functions, given the range of the operands' type
  /// where it is not `Int64`'s, so that a result Swift would trap on fails the query.
  func integerCall(_ function: String, _ lhs: Any, _ rhs: Any, of type: Any.Type) throws(PersistenceError) -> SQLTerm {
    let left = try scalar(lhs)
    let right = try scalar(rhs)
    // `0, -1` stands for `UInt64`, whose results past `Int64.max` SQLite's functions hold apart.
    let range =
      Self.isUnsigned64(type) ? ", 0, -1" : Self.integerBounds(of: type).map { ", \($0.least), \($0.greatest)" } ?? ""
    return SQLTerm(sql: "\(function)(\(left.sql), \(right.sql)\(range))", bindings: left.bindings + right.bindings)
  }

  /// The result of floating-point arithmetic on SQLite: rounded to `Float` for `Float`
  /// operands, as Swift rounds each result; and marked as possibly NaN, which SQLite holds as
  /// `NULL` (see ``SQLTerm/mayBeNaN``).
  func floatingResult(_ term: SQLTerm, of type: Any.Type) -> SQLTerm {
    var result = type is Float.Type ? SQLTerm.call("swift_float", term) : term
    result.mayBeNaN = true
    return result
  }
}
