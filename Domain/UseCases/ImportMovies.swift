import Foundation

/// Adds or updates many movies at once: all of them, or none.
///
/// A movie replaces the stored one with the same id, or, in stores that keep title and date
/// unique, the one with the same title and date; so importing a file twice adds nothing.
public struct ImportMovies<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Validates every movie, then stores them all in one transaction and returns how many.
  ///
  /// - Throws: the ``CatalogError`` of the first invalid movie (nothing is stored then), or
  ///   ``RepositoryError`` if the store refuses them.
  public func callAsFunction(_ incoming: [Movie]) async throws -> Int {
    let valid = try incoming.map { (movie) throws(CatalogError) in try MovieRules.validated(movie) }
    try await movies.upsert(valid)
    return valid.count
  }
}
