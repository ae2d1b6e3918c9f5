/// The SQL of a predicate — its condition, or a whole query filtered by it — and whether it
/// selects exactly the models Swift's predicate does.
///
/// When it is not exact, it keeps at least every model the predicate keeps: each row it returns
/// must be checked with `Predicate.evaluate`, and a page (limit, offset) taken after that check.
struct PredicateFilter: Sendable, Equatable {
  /// The condition, or the query.
  var fragment: SQLFragment
  /// Whether it keeps exactly the models the predicate does.
  var isExact: Bool
}
