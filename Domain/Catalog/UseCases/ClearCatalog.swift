import Foundation
public import Repositories

/// Deletes every movie in the catalog.
public struct ClearCatalog<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Deletes every movie and returns how many there were.
  public func callAsFunction() async throws -> Int {
    try await movies.deleteAll()
  }
}
