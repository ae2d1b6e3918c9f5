import Foundation

// Each supported predicate node, with its SQL. Operands are translated recursively; a node
// whose operand is not supported fails with that operand's name.

extension PredicateExpressions.Variable: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    throw .unsupportedQuery("a whole \(translator.modelName) cannot be compared in SQL; compare its attributes")
  }
}

extension PredicateExpressions.KeyPath: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard root is PredicateExpressions.Variable<Root.Output> else {
      throw .unsupportedQuery(
        "the key path \(keyPath) on a computed value cannot be translated to SQL (in a predicate on \(translator.modelName))"
      )
    }
    let column = try translator.column(for: keyPath)
    guard column.kind != .json else {
      throw .unsupportedQuery("\(translator.modelName).\(column.name) is stored as JSON and cannot be compared")
    }
    return SQLTerm(sql: SQLIdentifier.quote(column.name), bindings: [], column: column)
  }
}

extension PredicateExpressions.Value: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    SQLTerm(sql: "?", bindings: [try SQLValue(swiftValue: value)], column: nil)
  }
}

extension PredicateExpressions.NilLiteral: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    SQLTerm(sql: "NULL", bindings: [], column: nil)
  }
}

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
    try translator.binary(lhs, "AND", rhs)
  }
}

extension PredicateExpressions.Disjunction: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.binary(lhs, "OR", rhs)
  }
}

extension PredicateExpressions.Negation: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let operand = try translator.translate(wrapped)
    return SQLTerm(sql: "(NOT \(operand.sql))", bindings: operand.bindings, column: nil)
  }
}

extension PredicateExpressions.CollectionContainsCollection: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard Base.Output.self == String.self, Other.Output.self == String.self else {
      throw .unsupportedQuery(
        "contains(_:) is translated for strings only, not \(Base.Output.self) (in a predicate on \(translator.modelName))"
      )
    }
    // `instr` matches bytes exactly: case-sensitive as in Swift, with `%` and `_` literal.
    let haystack = try translator.translate(base)
    let needle = try translator.translate(other)
    return SQLTerm(
      sql: "(instr(\(haystack.sql), \(needle.sql)) > 0)",
      bindings: haystack.bindings + needle.bindings, column: nil)
  }
}

extension PredicateTranslator {
  /// Translates `lhs op rhs` in parentheses.
  func binary(_ lhs: Any, _ op: String, _ rhs: Any) throws(PersistenceError) -> SQLTerm {
    let left = try translate(lhs)
    let right = try translate(rhs)
    return SQLTerm(sql: "(\(left.sql) \(op) \(right.sql))", bindings: left.bindings + right.bindings, column: nil)
  }
}
