import Foundation
public import Repositories

/// Lists movies: filtered, searched, sorted and paged.
///
/// ```swift
/// let top = try await ListMovies(movies: repository)(MovieQuery(minimumRate: 8, limit: 10))
/// ```
public struct ListMovies<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Returns the page of movies the query asks for.
  ///
  /// - Throws: ``CatalogError`` for an invalid query, ``CatalogError/movieNotFound(_:)`` if
  ///   no movie has the identifier of ``MovieQuery/after``, ``RepositoryError`` if the store
  ///   fails.
  public func callAsFunction(_ query: MovieQuery) async throws -> [Movie] {
    try await movies.fetch(positioned(query))
  }

  /// Calls `body` with each movie the query asks for, in order, one at a time: a store that
  /// reads from files holds one movie in memory, however many there are.
  ///
  /// - Throws: as ``callAsFunction(_:)`` does, and what `body` throws.
  public func each(_ query: MovieQuery, _ body: (Movie) async throws -> Void) async throws {
    try await movies.enumerate(positioned(query), body)
  }

  /// The descriptor of a query, placed after the movie ``MovieQuery/after`` names, which is
  /// read (without its images) for its values of the sort keys.
  private func positioned(_ query: MovieQuery) async throws -> FetchDescriptor<Movie> {
    var descriptor = try Self.descriptor(for: query)
    if let id = query.after { descriptor.after = try await GetMovie(movies: movies).withoutImages(id: id) }
    return descriptor
  }

  /// Returns the fetch descriptor that answers a query.
  ///
  /// - Throws: ``CatalogError`` for a negative limit or offset or a rating outside 0–10.
  public static func descriptor(for query: MovieQuery) throws(CatalogError) -> FetchDescriptor<Movie> {
    if let limit = query.limit, limit < 0 { throw .invalidPage("the limit must not be negative") }
    guard query.offset >= 0 else { throw .invalidPage("the offset must not be negative") }
    if let rate = query.minimumRate { try MovieRules.check(rate: rate) }
    if let rate = query.maximumRate { try MovieRules.check(rate: rate) }
    var descriptor = FetchDescriptor(
      predicate: predicate(for: query),
      sortBy: sortDescriptors(query.order),
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
