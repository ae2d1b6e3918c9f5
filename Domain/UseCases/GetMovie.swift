import Foundation

/// Returns one movie by its identifier.
public struct GetMovie<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Returns the movie with an identifier.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)`` if there is none.
  public func callAsFunction(id: UUID) async throws -> Movie {
    guard let movie = try await movies.fetch(id: id) else { throw CatalogError.movieNotFound(id) }
    return movie
  }
}
