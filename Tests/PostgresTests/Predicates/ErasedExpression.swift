import Foundation

@testable import Persistence

/// A predicate expression of any shape behind one type, so that random trees can be built at
/// run time: Swift evaluates what it wraps, and the translator translates it, passing its
/// bounds through untouched (it is no node of its own).
struct ErasedExpression<Output>: StandardPredicateExpression, SQLExpressible, BoundsCombining {
  let wrapped: any StandardPredicateExpression<Output>

  init(_ wrapped: any StandardPredicateExpression<Output>) { self.wrapped = wrapped }

  func evaluate(_ bindings: PredicateBindings) throws -> Output { try wrapped.evaluate(bindings) }

  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    try translator.translate(wrapped)
  }

  // Only built in memory: never encoded or decoded.
  init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "built in memory only"))
  }

  func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "built in memory only"))
  }
}
