import Foundation

// Arithmetic, with Swift's rules: integer overflow and division by zero fail the query (Swift
// would trap); each database's dialect writes how.

extension PredicateExpressions.Arithmetic: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if LHS.Output.self is any BinaryInteger.Type {
      translator.noteFallible()
      return try translator.dialect.integerArithmetic(lhs, op.symbol, rhs, of: LHS.Output.self, in: translator)
    }
    guard LHS.Output.self is any BinaryFloatingPoint.Type else {
      throw translator.unsupported(Self.self, " (arithmetic on \(LHS.Output.self))")
    }
    return try translator.dialect.floatingArithmetic(lhs, op.symbol, rhs, of: LHS.Output.self, in: translator)
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
    return translator.dialect.negated(operand, of: Output.self, in: translator)
  }
}

extension PredicateExpressions.IntDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if !PredicateTranslator.isSafeDivisor(rhs) { translator.noteFallible() }
    return try translator.dialect.integerDivision(lhs, rhs, of: LHS.Output.self, in: translator)
  }
}

extension PredicateExpressions.IntRemainder: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if !PredicateTranslator.isSafeDivisor(rhs) { translator.noteFallible() }
    return try translator.dialect.integerRemainder(lhs, rhs, of: LHS.Output.self, in: translator)
  }
}

extension PredicateExpressions.FloatDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.dialect.floatingDivision(lhs, rhs, of: LHS.Output.self, in: translator)
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
}
