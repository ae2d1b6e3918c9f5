import Foundation

// Arithmetic, with Swift's rules where SQLite's differ: integer overflow and division by zero
// fail the query (Swift would trap) instead of turning into a real or NULL.

extension PredicateExpressions.Arithmetic: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
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
    let symbol =
      switch op {
      case .add: "+"
      case .subtract: "-"
      case .multiply: "*"
      }
    return try translator.binary(lhs, symbol, rhs)
  }
}

extension PredicateExpressions.UnaryMinus: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.call("swift_negate", wrapped)
  }
}

extension PredicateExpressions.IntDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.call("swift_divide", lhs, rhs)
  }
}

extension PredicateExpressions.IntRemainder: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.call("swift_remainder", lhs, rhs)
  }
}

extension PredicateExpressions.FloatDivision: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.call("swift_divide_real", lhs, rhs)
  }
}
