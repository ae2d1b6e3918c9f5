import Foundation

/// Predicates on the fixture's attribute, built from Foundation's predicate expressions (what
/// `#Predicate` expands to), since the attribute is a key path the checks are given.
extension RepositoryContract {
  /// Models whose attribute compares to `value` with `comparison`.
  func predicate(_ comparison: PredicateExpressions.ComparisonOperator, _ value: Fixture.Attribute) -> Predicate<Model>
  {
    let keyPath = fixture.attribute
    return Predicate { model in
      PredicateExpressions.build_Comparison(
        lhs: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
        rhs: PredicateExpressions.build_Arg(value),
        op: comparison)
    }
  }

  /// Models whose attribute equals `value`, or, when `equal` is false, differs from it.
  func predicate(equal: Bool, _ value: Fixture.Attribute) -> Predicate<Model> {
    let keyPath = fixture.attribute
    if equal {
      return Predicate { model in
        PredicateExpressions.build_Equal(
          lhs: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
          rhs: PredicateExpressions.build_Arg(value))
      }
    }
    return Predicate { model in
      PredicateExpressions.build_NotEqual(
        lhs: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
        rhs: PredicateExpressions.build_Arg(value))
    }
  }

  /// `attribute >= low && attribute != middle || !(attribute < high)`: `&&` before `||`, and `!`.
  func combinedPredicate(
    _ low: Fixture.Attribute, _ middle: Fixture.Attribute, _ high: Fixture.Attribute
  ) -> Predicate<Model> {
    let keyPath = fixture.attribute
    return Predicate { model in
      PredicateExpressions.build_Disjunction(
        lhs: PredicateExpressions.build_Conjunction(
          lhs: PredicateExpressions.build_Comparison(
            lhs: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
            rhs: PredicateExpressions.build_Arg(low), op: .greaterThanOrEqual),
          rhs: PredicateExpressions.build_NotEqual(
            lhs: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
            rhs: PredicateExpressions.build_Arg(middle))),
        rhs: PredicateExpressions.build_Negation(
          PredicateExpressions.build_Comparison(
            lhs: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
            rhs: PredicateExpressions.build_Arg(high), op: .lessThan)))
    }
  }
}
