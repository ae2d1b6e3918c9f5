import Foundation
import SQLValues

/// A predicate expression whose SQL text is fixed by its type, its key paths, its comparisons'
/// operators and the lengths of its captured lists: translation binds its captured values and
/// never looks at them, so the SQL made for one predicate serves every other of the same shape,
/// with that predicate's values bound (see ``SelectionCache``).
///
/// Only the nodes whose translation decides nothing by a value conform, each where its operands
/// do (see `PredicateExpressions+FixedShape.swift`), and each puts in the shape every stored
/// property that is not an operand (a key path, an operator). A captured `Bool` does not
/// conform: translation folds it away. Nor does text matching, which reads the needle to narrow
/// by an index.
protocol FixedShapeExpression {
  /// Adds what fixes the expression's SQL to `shape` — its key paths, operators and list
  /// lengths — and
  /// the values its SQL binds, in the order the translation binds them; `false` when the SQL
  /// depends on a value after all (a `nil` in a list, a value that cannot be bound), and the
  /// predicate must be translated.
  func describe(into shape: inout SelectionShape) -> Bool
}
