public import Foundation
public import Repositories

/// Sets a movie's rating.
public struct RateMovie<R: Repository>: Sendable where R.Model == Movie {
  private let update: UpdateMovie<R>

  /// Creates the use case over a movie repository.
  public init(movies: R) { update = UpdateMovie(movies: movies) }

  /// Rates the movie with an identifier and returns it as stored.
  ///
  /// - Throws: ``CatalogError/rateOutOfRange(_:)`` or ``CatalogError/movieNotFound(_:)``.
  public func callAsFunction(id: UUID, rate: Int) async throws -> Movie {
    try MovieRules.check(rate: rate)
    return try await update(id: id, MovieChanges(rate: rate))
  }
}
