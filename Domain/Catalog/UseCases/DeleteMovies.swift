public import Foundation
public import Repositories

/// Deletes movies by identifier: all of them, or none if any is unknown.
public struct DeleteMovies<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Deletes the movies with these identifiers.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)`` for the first unknown identifier; nothing is
  ///   deleted then.
  public func callAsFunction(ids: [UUID]) async throws {
    do {
      try await movies.delete(ids: ids)
    } catch RepositoryError.notFound(let missing) {
      guard let id = ids.first(where: { String(describing: $0) == missing }) else {
        throw RepositoryError.notFound(id: missing)
      }
      throw CatalogError.movieNotFound(id)
    }
  }
}
