import Foundation

@testable import Persistence

/// A type-erased predicate expression, so the fuzzer can build trees of any shape at run time.
///
/// `Predicate.evaluate` evaluates what it wraps; the SQL translator translates what it wraps.
/// Every other node in a fuzzed predicate is a real `PredicateExpressions` value, as
/// `#Predicate` would build, or a checked node that stands for one (``CheckedInteger``).
struct ErasedExpression<Output>: StandardPredicateExpression, SQLExpressible {
  let base: any StandardPredicateExpression<Output>

  init(_ base: any StandardPredicateExpression<Output>) { self.base = base }

  func evaluate(_ bindings: PredicateBindings) throws -> Output { try base.evaluate(bindings) }

  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.translate(base)
  }

  init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "fuzzed expressions are not decoded"))
  }

  func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(
      self, .init(codingPath: [], debugDescription: "fuzzed expressions are not encoded"))
  }
}

/// A node Swift evaluates as the node it stands for would, but throws ``FuzzTrap`` where that
/// one traps; the SQL translator translates the node it stands for.
protocol CheckedNode: StandardPredicateExpression, SQLExpressible {
  /// The real node, as `#Predicate` builds it.
  var standIn: any StandardPredicateExpression<Output> { get }
}

extension CheckedNode {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.translate(standIn)
  }

  init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "fuzzed expressions are not decoded"))
  }

  func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "fuzzed expressions are not encoded"))
  }
}

/// Integer arithmetic of any width, checked: `+`, `-`, `*`, `/` and `%`.
struct CheckedInteger<Value: FixedWidthInteger & Codable & Sendable>: CheckedNode {
  typealias Output = Value

  enum Operation: Sendable {
    case add, subtract, multiply, divide, remainder
  }

  let lhs: ErasedExpression<Value>
  let rhs: ErasedExpression<Value>
  let operation: Operation

  func evaluate(_ bindings: PredicateBindings) throws -> Value {
    let left = try lhs.evaluate(bindings)
    let right = try rhs.evaluate(bindings)
    let (value, overflow) =
      switch operation {
      case .add: left.addingReportingOverflow(right)
      case .subtract: left.subtractingReportingOverflow(right)
      case .multiply: left.multipliedReportingOverflow(by: right)
      case .divide: left.dividedReportingOverflow(by: right)
      case .remainder: left.remainderReportingOverflow(dividingBy: right)
      }
    if overflow { throw FuzzTrap(reason: right == 0 ? "division by zero" : "overflow") }
    return value
  }

  var standIn: any StandardPredicateExpression<Value> {
    switch operation {
    case .add: PredicateExpressions.Arithmetic(lhs: lhs, rhs: rhs, op: .add)
    case .subtract: PredicateExpressions.Arithmetic(lhs: lhs, rhs: rhs, op: .subtract)
    case .multiply: PredicateExpressions.Arithmetic(lhs: lhs, rhs: rhs, op: .multiply)
    case .divide: PredicateExpressions.IntDivision(lhs: lhs, rhs: rhs)
    case .remainder: PredicateExpressions.IntRemainder(lhs: lhs, rhs: rhs)
    }
  }
}

/// `!` of an optional, checked.
struct CheckedUnwrap<Wrapped: Codable & Sendable>: CheckedNode {
  typealias Output = Wrapped

  let inner: ErasedExpression<Wrapped?>

  func evaluate(_ bindings: PredicateBindings) throws -> Wrapped {
    guard let value = try inner.evaluate(bindings) else { throw FuzzTrap(reason: "! of nil") }
    return value
  }

  var standIn: any StandardPredicateExpression<Wrapped> { PredicateExpressions.ForcedUnwrap(inner) }
}

/// Unary `-` of a signed integer of any width, checked.
struct CheckedNegation<Value: FixedWidthInteger & SignedNumeric & Codable & Sendable>: CheckedNode {
  typealias Output = Value

  let operand: ErasedExpression<Value>

  func evaluate(_ bindings: PredicateBindings) throws -> Value {
    let (value, overflow) = Value.zero.subtractingReportingOverflow(try operand.evaluate(bindings))
    if overflow { throw FuzzTrap(reason: "overflow") }
    return value
  }

  var standIn: any StandardPredicateExpression<Value> { PredicateExpressions.UnaryMinus(operand) }
}
