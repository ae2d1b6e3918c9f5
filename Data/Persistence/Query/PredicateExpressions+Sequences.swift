import Foundation

// Membership and text matching: `contains` of a captured array or a JSON array, ranges,
// and the string tests, evaluated by Swift's own rules.

extension PredicateExpressions.SequenceContains: SQLExpressible where RHS: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let element = try translator.scalar(self.element)
    if let captured = sequence as? any CapturedValue {
      return try translator.membership(element, in: captured.capturedValue)
    }
    let collection = try translator.translate(sequence)
    guard case .json(let base, let path) = collection.shape else {
      throw translator.unsupported(Self.self, " (contains on a computed sequence)")
    }
    return try translator.dialect.jsonContains(
      base: base, path: path, element: translator.jsonArrayElement(element, of: RHS.Output.self), in: translator)
  }
}

extension PredicateExpressions.RangeExpressionContains: SQLExpressible where Element: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let element = try translator.scalar(self.element)
    let bounds: (lower: SQLTerm, upper: SQLTerm, closed: Bool)
    if let range = range as? any RangeBoundsExpression {
      bounds = (
        try translator.scalar(range.lowerExpression), try translator.scalar(range.upperExpression), range.isClosed
      )
    } else if let captured = range as? any CapturedValue, let range = captured.capturedValue as? any RangeBounds {
      bounds = (
        try translator.captured(range.lowerValue, of: Element.Output.self),
        try translator.captured(range.upperValue, of: Element.Output.self), range.isClosed
      )
    } else {
      throw translator.unsupported(RangeExpression.self)
    }
    // The element is written twice, so its values are bound twice, in text order.
    return translator.dialect.rangeContains(
      element, lower: bounds.lower, upper: bounds.upper, closed: bounds.closed,
      isText: Element.Output.self == String.self, in: translator)
  }
}

extension PredicateExpressions.SequenceStartsWith: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard Base.Output.self == String.self, Prefix.Output.self == String.self else {
      throw translator.unsupported(Self.self, " (only for strings)")
    }
    return try translator.dialect.startsWith(base, prefix, in: translator)
  }
}

extension PredicateExpressions.CollectionContainsCollection: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard Base.Output.self == String.self, Other.Output.self == String.self else {
      throw translator.unsupported(Self.self, " (only for strings)")
    }
    return try translator.dialect.containsText(base, other, in: translator)
  }
}

extension PredicateTranslator {

}

extension PredicateTranslator {
  /// `element` among the values of a captured sequence, never `NULL`, so `!` works on it as
  /// in Swift.
  func membership(_ element: SQLTerm, in sequence: Any) throws(PersistenceError) -> SQLTerm {
    guard let sequence = sequence as? any Sequence else { throw unsupported(type(of: sequence)) }
    return try dialect.membership(element, in: sequence, in: self)
  }

  /// The longest list bound one parameter a value (far under SQLite's limit of 32,766
  /// parameters a statement).
  static let longestParameterList = 8192

  /// The least power of two at or above `count`.
  static func parameterCount(for count: Int) -> Int {
    var result = 1
    while result < count { result <<= 1 }
    return result
  }

  static func elements<S: Sequence>(of sequence: S) -> [Any] { sequence.map { $0 } }

  /// Bytes as upper-case hexadecimal digits, as SQLite's `hex()` writes them.
  static func upperHex(_ data: Data) -> String { Hexadecimal.text(of: data, upperCase: true) }

}

/// A predicate expression holding a captured value.
protocol CapturedValue {
  /// The captured value.
  var capturedValue: Any { get }
}

extension PredicateExpressions.Value: CapturedValue {
  var capturedValue: Any { value }
}

/// A range written in a predicate, `a...b` or `a..<b`.
protocol RangeBoundsExpression {
  var lowerExpression: Any { get }
  var upperExpression: Any { get }
  var isClosed: Bool { get }
}

extension PredicateExpressions.ClosedRange: RangeBoundsExpression {
  var lowerExpression: Any { lower }
  var upperExpression: Any { upper }
  var isClosed: Bool { true }
}

extension PredicateExpressions.Range: RangeBoundsExpression {
  var lowerExpression: Any { lower }
  var upperExpression: Any { upper }
  var isClosed: Bool { false }
}

/// A captured range value, `ClosedRange` or `Range`.
protocol RangeBounds {
  var lowerValue: Any { get }
  var upperValue: Any { get }
  var isClosed: Bool { get }
}

extension ClosedRange: RangeBounds {
  var lowerValue: Any { lowerBound }
  var upperValue: Any { upperBound }
  var isClosed: Bool { true }
}

extension Range: RangeBounds {
  var lowerValue: Any { lowerBound }
  var upperValue: Any { upperBound }
  var isClosed: Bool { false }
}
