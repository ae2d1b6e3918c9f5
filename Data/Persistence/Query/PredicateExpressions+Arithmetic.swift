import Foundation

// Arithmetic, with Swift's rules where SQLite's differ: integer overflow and division by zero
// fail the query (Swift would trap) instead of turning into a real or NULL.

// On PostgreSQL, 64-bit integer arithmetic fails with an error of its own where Swift would trap;
// floating-point arithmetic fails on overflow there too, where Swift yields an infinity, so it
// is left to Swift: a condition that uses it is unknown to SQL (see `InexactBounds`).

extension PredicateExpressions.Arithmetic: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    if LHS.Output.self is any BinaryInteger.Type, translator.dialect == .postgreSQL {
      return try translator.binary(lhs, op.symbol, rhs)
    }
    if LHS.Output.self is any BinaryInteger.Type {
      let function =
        switch op {
        case .add: "swift_add"
        case .subtract: "swift_subtract"
        case .multiply: "swift_multiply"
        }
      return try translator.call(function, lhs, rhs)
    }
    guard LHS.Output.self is any BinaryFloatingPoint.Type else {
      throw translator.unsupported(Self.self, " (arithmetic on \(LHS.Output.self))")
    }
    guard translator.dialect == .sqlite else { return try translator.unknown(lhs, rhs) }
    return try translator.binary(lhs, op.symbol, rhs)
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
    switch translator.dialect {
    case .sqlite: return try translator.call("swift_negate", wrapped)
    case .postgreSQL:
      let operand = try translator.scalar(wrapped)
      return SQLTerm(sql: "(- \(operand.sql))", bindings: operand.bindings)
    }
  }
}

extension PredicateExpressions.IntDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    switch translator.dialect {
    case .sqlite: try translator.call("swift_divide", lhs, rhs)
    case .postgreSQL: try translator.binary(lhs, "/", rhs)
    }
  }
}

extension PredicateExpressions.IntRemainder: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard translator.dialect == .postgreSQL else { return try translator.call("swift_remainder", lhs, rhs) }
    // `%` truncates as Swift does, but answers Int64.min % -1 where Swift overflows: the
    // division, written out, fails there (and on zero) as Swift does.
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    return SQLTerm(
      sql: "(\(left.sql) - (\(left.sql) / \(right.sql)) * \(right.sql))",
      bindings: left.bindings + left.bindings + right.bindings + right.bindings)
  }
}

extension PredicateExpressions.FloatDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    switch translator.dialect {
    case .sqlite: try translator.call("swift_divide_real", lhs, rhs)
    case .postgreSQL: try translator.unknown(lhs, rhs)
    }
  }
}
