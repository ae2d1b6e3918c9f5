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
    var descriptor = try query.descriptor()
    if let id = query.after { descriptor.after = try await GetMovie(movies: movies).withoutImages(id: id) }
    return descriptor
  }
}
