import Foundation
import SQLValues

// The predicate nodes whose SQL is fixed by their shape (see `FixedShapeExpression`): each binds
// its values in the order its translation does, left operand first.

extension PredicateExpressions.Variable: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { key == shape.row }
}

extension PredicateExpressions.KeyPath: FixedShapeExpression where Root: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool {
    shape.keyPaths.append(keyPath)
    return root.describe(into: &shape)
  }
}

extension PredicateExpressions.Value: FixedShapeExpression {
  /// A value of a type bound without casts (never a `Bool`, which is folded away), bound as
  /// ``PredicateTranslator/bindable(_:)`` binds it.
  func describe(into shape: inout SelectionShape) -> Bool {
    guard SQLValue.convertsStatically(Output.self), let value = try? SQLValue(typed: value) else { return false }
    shape.bindings.append(value)
    return true
  }
}

extension PredicateExpressions.NilLiteral: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { true }
}

extension PredicateExpressions.Equal: FixedShapeExpression
where LHS: FixedShapeExpression, RHS: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { shape.add(lhs, rhs) }
}

extension PredicateExpressions.NotEqual: FixedShapeExpression
where LHS: FixedShapeExpression, RHS: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { shape.add(lhs, rhs) }
}

extension PredicateExpressions.Comparison: FixedShapeExpression
where LHS: FixedShapeExpression, RHS: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool {
    let variant =
      switch op {
      case .lessThan: 0
      case .lessThanOrEqual: 1
      case .greaterThan: 2
      case .greaterThanOrEqual: 3
      }
    shape.variants.append(variant)
    return shape.add(lhs, rhs)
  }
}

extension PredicateExpressions.Conjunction: FixedShapeExpression
where LHS: FixedShapeExpression, RHS: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { shape.add(lhs, rhs) }
}

extension PredicateExpressions.Disjunction: FixedShapeExpression
where LHS: FixedShapeExpression, RHS: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { shape.add(lhs, rhs) }
}

extension PredicateExpressions.Negation: FixedShapeExpression where Wrapped: FixedShapeExpression {
  func describe(into shape: inout SelectionShape) -> Bool { wrapped.describe(into: &shape) }
}

extension PredicateExpressions.SequenceContains: FixedShapeExpression where RHS: FixedShapeExpression {
  /// A captured list of 1 to 256 values, none `nil`: its length is part of the shape, and its
  /// values are bound padded to a power of two, as ``PredicateTranslator/membership(_:in:)``
  /// binds them for a column that is never `NULL`. (For another element it binds them as they
  /// are: the same when the length is a power of two; else the reused SQL would bind the
  /// wrong values, and ``SelectionCache`` keeps no SQL whose bindings were not these.)
  func describe(into shape: inout SelectionShape) -> Bool {
    guard let captured = sequence as? any CapturedValue, let sequence = captured.capturedValue as? any Sequence,
      let values = try? SQLValue.elements(of: sequence), let last = values.last, values.count <= 256,
      !values.contains(.null), element.describe(into: &shape)
    else { return false }
    shape.variants.append(values.count)
    shape.bindings += values
    let padding = PredicateTranslator.parameterCount(for: values.count) - values.count
    shape.bindings += repeatElement(last, count: padding)
    return true
  }
}

extension SelectionShape {
  /// Describes the two operands of a node, left first, as its translation reads them.
  fileprivate mutating func add(_ lhs: some FixedShapeExpression, _ rhs: some FixedShapeExpression) -> Bool {
    lhs.describe(into: &self) && rhs.describe(into: &self)
  }
}
