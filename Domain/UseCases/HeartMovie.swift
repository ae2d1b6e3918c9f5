import Foundation

/// Adds one heart to a movie.
public struct HeartMovie<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Hearts the movie with an identifier once more and returns it as stored.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)``, or ``CatalogError/invalidHeartCount(_:)``
  ///   if the count is already at its maximum.
  public func callAsFunction(id: UUID) async throws -> Movie {
    guard var movie = try await movies.fetch(id: id) else { throw CatalogError.movieNotFound(id) }
    let (hearts, overflow) = movie.heart.addingReportingOverflow(1)
    guard !overflow else { throw CatalogError.invalidHeartCount(movie.heart) }
    movie.heart = hearts
    do {
      try await movies.update(movie)
    } catch RepositoryError.notFound {
      throw CatalogError.movieNotFound(id)
    }
    return movie
  }
}
