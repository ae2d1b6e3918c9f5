public import Foundation
public import Repositories

/// Adds one heart to a movie.
public struct HeartMovie<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Hearts the movie with an identifier once more and returns it as stored.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)``, or ``CatalogError/heartCountFull(_:)``
  ///   if the count is already at its maximum.
  public func callAsFunction(id: UUID) async throws -> Movie {
    do {
      // One read-and-write: hearts given at the same time, by any process, all count.
      // Only the title and the count are read: a movie whose image is missing is hearted too.
      return try await movies.update(id: id, properties: [\Movie.title, \Movie.heart]) {
        (movie: inout Movie) throws(CatalogError) in
        let (hearts, overflow) = movie.heart.addingReportingOverflow(1)
        guard !overflow else { throw .heartCountFull(id) }
        movie.heart = hearts
      }
    } catch RepositoryError.notFound {
      throw CatalogError.movieNotFound(id)
    }
  }
}
