import Foundation

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
  /// - Throws: ``CatalogError`` for an invalid query, ``RepositoryError`` if the store fails.
  public func callAsFunction(_ query: MovieQuery) async throws -> [Movie] {
    try await movies.fetch(Self.descriptor(for: query))
  }

  /// Returns the fetch descriptor that answers a query.
  ///
  /// - Throws: ``CatalogError`` for a negative limit or offset or a rating outside 0–10.
  public static func descriptor(for query: MovieQuery) throws(CatalogError) -> FetchDescriptor<Movie> {
    if let limit = query.limit, limit < 0 { throw .invalidPage("the limit must not be negative") }
    guard query.offset >= 0 else { throw .invalidPage("the offset must not be negative") }
    if let minimumRate = query.minimumRate { try MovieRules.check(rate: minimumRate) }
    return FetchDescriptor(
      predicate: predicate(minimumRate: query.minimumRate, searchText: query.searchText),
      sortBy: sortDescriptors(query.sortKey, descending: query.descending),
      fetchLimit: query.limit,
      fetchOffset: query.offset == 0 ? nil : query.offset
    )
  }

  private static func predicate(minimumRate: Int?, searchText: String?) -> Predicate<Movie>? {
    let text = searchText.flatMap { $0.isEmpty ? nil : $0 }
    switch (minimumRate, text) {
    case (nil, nil):
      return nil
    case (let rate?, nil):
      return #Predicate { $0.rate >= rate }
    case (nil, let text?):
      return #Predicate { $0.title.contains(text) || $0.content.contains(text) }
    case (let rate?, let text?):
      return #Predicate { $0.rate >= rate && ($0.title.contains(text) || $0.content.contains(text)) }
    }
  }

  private static func sortDescriptors(
    _ key: MovieQuery.SortKey,
    descending: Bool
  ) -> [SortDescriptor<Movie>] {
    let order: SortOrder = descending ? .reverse : .forward
    let primary: [SortDescriptor<Movie>] =
      switch key {
      case .date: [SortDescriptor(\.date, order: order), SortDescriptor(\.title, order: order)]
      case .rate: [SortDescriptor(\.rate, order: order), SortDescriptor(\.title, order: order)]
      case .title: [SortDescriptor(\.title, order: order), SortDescriptor(\.date, order: order)]
      }
    // The identifier makes the order total, so pages never overlap.
    return primary + [SortDescriptor(\.id, order: order)]
  }
}
