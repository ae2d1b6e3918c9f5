import Foundation
import SQLValues

/// What fixes a descriptor's SQL beside its predicate's type, and the values its SQL binds (see
/// ``SelectionCache``).
struct SelectionShape {
  /// The predicate's own variable, which stands for the row.
  private(set) var row: PredicateExpressions.VariableID?
  /// The predicate's expression type, or `nil` without a predicate.
  private(set) var expression: ObjectIdentifier?
  /// The predicate's key paths, in the order the translation reads them.
  var keyPaths: [AnyKeyPath] = []
  /// What else fixes the SQL, in the order the translation reads it: the operator of each
  /// comparison, the number of values of each captured list.
  var variants: [Int] = []
  /// The sort's key paths.
  var sortKeys: [AnyKeyPath] = []
  /// Whether each sort key is ascending.
  var ascending: [Bool] = []
  /// Whether the descriptor has a limit or an offset.
  var isPaged = false
  /// The values bound, in order: the predicate's, then the page's.
  var bindings: [SQLValue] = []

  /// Adds a predicate's expression, whose variable is `row`; `false` when its SQL depends on
  /// its values.
  mutating func add(_ expression: any StandardPredicateExpression<Bool>, row: PredicateExpressions.VariableID) -> Bool {
    self.row = row
    self.expression = ObjectIdentifier(type(of: expression))
    guard let fixed = expression as? any FixedShapeExpression else { return false }
    return fixed.describe(into: &self)
  }

  /// The key under which the SQL of this shape is kept.
  var key: SelectionCache.Key {
    SelectionCache.Key(
      expression: expression, keyPaths: keyPaths, sortKeys: sortKeys, variants: variants, ascending: ascending,
      isPaged: isPaged)
  }
}
