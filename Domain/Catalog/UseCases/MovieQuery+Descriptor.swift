import Foundation
public import Repositories

/// How a ``MovieQuery`` becomes the fetch descriptor that answers it.
extension MovieQuery {
  /// Returns the fetch descriptor that answers the query, on any repository: checked before a
  /// store is opened, a bad query changes nothing.
  ///
  /// - Throws: ``CatalogError`` for a negative limit or offset or a rating outside 0–10.
  public func descriptor() throws(CatalogError) -> FetchDescriptor<Movie> {
    let query = self
    if let limit = query.limit, limit < 0 { throw .invalidPage("the limit must not be negative") }
    guard query.offset >= 0 else { throw .invalidPage("the offset must not be negative") }
    if let rate = query.minimumRate { try MovieRules.check(rate: rate) }
    if let rate = query.maximumRate { try MovieRules.check(rate: rate) }
    var descriptor = FetchDescriptor(
      predicate: Self.predicate(for: query),
      sortBy: Self.sortDescriptors(query.order),
      fetchLimit: query.limit,
      fetchOffset: query.offset == 0 ? nil : query.offset
    )
    if let tagID = query.tagID {
      descriptor.keepReferenced(by: \Tagging.movieID, to: \Movie.id, where: #Predicate { $0.tagID == tagID })
    }
    // A listing never needs the images' bytes (their count is still known), so a missing or
    // huge image slows or fails no listing.
    descriptor.propertiesToFetch = Movie.propertiesButImages
    return descriptor
  }

  /// One predicate for every filter; a filter that is not asked for is switched off by a
  /// captured `false`, which a store can fold away before it runs the query.
  ///
  /// It is built from `PredicateExpressions` directly: written as one `#Predicate`, eight
  /// optional filters are more than the type checker can take in reasonable time.
  private static func predicate(for query: MovieQuery) -> Predicate<Movie>? {
    typealias E = PredicateExpressions
    let text = query.searchText.flatMap { $0.isEmpty ? nil : $0 }
    let prefix = query.titlePrefix.flatMap { $0.isEmpty ? nil : $0 }
    let enabled = [
      query.minimumRate != nil, query.maximumRate != nil, query.from != nil, query.before != nil,
      query.heartedOnly, prefix != nil, text != nil, query.ids != nil,
    ]
    guard enabled.contains(true) else { return nil }
    return Predicate<Movie> { movie in
      let rate = E.KeyPath(root: movie, keyPath: \Movie.rate)
      let date = E.KeyPath(root: movie, keyPath: \Movie.date)
      let title = E.KeyPath(root: movie, keyPath: \Movie.title)
      let content = E.KeyPath(root: movie, keyPath: \Movie.content)
      let heart = E.KeyPath(root: movie, keyPath: \Movie.heart)
      let rates = E.Conjunction(
        lhs: when(enabled[0], E.Comparison(lhs: rate, rhs: E.Value(query.minimumRate ?? 0), op: .greaterThanOrEqual)),
        rhs: when(enabled[1], E.Comparison(lhs: rate, rhs: E.Value(query.maximumRate ?? 0), op: .lessThanOrEqual)))
      let dates = E.Conjunction(
        lhs: when(
          enabled[2], E.Comparison(lhs: date, rhs: E.Value(query.from ?? .distantPast), op: .greaterThanOrEqual)),
        rhs: when(enabled[3], E.Comparison(lhs: date, rhs: E.Value(query.before ?? .distantFuture), op: .lessThan)))
      let hearted = when(enabled[4], E.Comparison(lhs: heart, rhs: E.Value(0), op: .greaterThan))
      let starts = when(enabled[5], E.SequenceStartsWith(base: title, prefix: E.Value(prefix ?? "")))
      let search = E.Value(text ?? "")
      let contains = when(
        enabled[6],
        E.Disjunction(
          lhs: E.CollectionContainsCollection(base: title, other: search),
          rhs: E.CollectionContainsCollection(base: content, other: search)))
      let chosen = when(
        enabled[7],
        E.SequenceContains(sequence: E.Value(query.ids ?? []), element: E.KeyPath(root: movie, keyPath: \Movie.id)))
      return E.Conjunction(
        lhs: E.Conjunction(lhs: rates, rhs: dates),
        rhs: E.Conjunction(
          lhs: E.Conjunction(lhs: hearted, rhs: starts), rhs: E.Conjunction(lhs: contains, rhs: chosen)))
    }
  }

  /// `!enabled || test`: the test, or `true` when the filter is off.
  private static func when<Test: StandardPredicateExpression<Bool>>(
    _ enabled: Bool, _ test: Test
  ) -> PredicateExpressions.Disjunction<PredicateExpressions.Negation<PredicateExpressions.Value<Bool>>, Test> {
    PredicateExpressions.Disjunction(lhs: PredicateExpressions.Negation(PredicateExpressions.Value(enabled)), rhs: test)
  }

  private static func sortDescriptors(_ order: [MovieQuery.Order]) -> [SortDescriptor<Movie>] {
    var descriptors: [SortDescriptor<Movie>] = []
    for level in order {
      let direction: SortOrder = level.descending ? .reverse : .forward
      switch level.key {
      case .date: descriptors.append(SortDescriptor(\.date, order: direction))
      case .rate: descriptors.append(SortDescriptor(\.rate, order: direction))
      case .title: descriptors.append(SortDescriptor(\.title, order: direction))
      case .heart: descriptors.append(SortDescriptor(\.heart, order: direction))
      }
    }
    // Title, then date, then the identifier make the order total, so pages never overlap;
    // they follow the first level's direction.
    let direction: SortOrder = order.first?.descending == true ? .reverse : .forward
    let keys = Set(order.map(\.key))
    if !keys.contains(.title) { descriptors.append(SortDescriptor(\.title, order: direction)) }
    if !keys.contains(.date) { descriptors.append(SortDescriptor(\.date, order: direction)) }
    return descriptors + [SortDescriptor(\.id, order: direction)]
  }
}
