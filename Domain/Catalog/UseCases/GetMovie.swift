public import Foundation
public import Repositories

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

  /// Returns the movie with an identifier without reading its images: each holds no bytes, but
  /// their count is true. A movie whose image files are damaged is still shown this way.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)`` if there is none.
  public func withoutImages(id: UUID) async throws -> Movie {
    var descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.id == id })
    descriptor.propertiesToFetch = Movie.propertiesButImages
    guard let movie = try await movies.fetch(descriptor).first else { throw CatalogError.movieNotFound(id) }
    return movie
  }
}
