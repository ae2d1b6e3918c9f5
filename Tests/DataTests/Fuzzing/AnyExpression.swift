import Foundation

@testable import Persistence

/// A type-erased predicate expression, so the fuzzer can build trees of any shape at run time.
///
/// `Predicate.evaluate` evaluates it by evaluating what it wraps; the SQL translator
/// translates what it wraps. Every other node in a fuzzed predicate is a real
/// `PredicateExpressions` value, as `#Predicate` would build.
struct AnyExpression<Output>: StandardPredicateExpression, SQLExpressible {
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
