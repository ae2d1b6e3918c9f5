public import Foundation
public import Repositories

/// Adds a new movie to the catalog.
///
/// ```swift
/// let add = AddMovie(movies: repository)
/// let movie = try await add(title: "Alien", date: .now, rate: 9)
/// ```
public struct AddMovie<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Validates and stores a movie, returning it as stored (title trimmed).
  ///
  /// - Throws: ``CatalogError`` for invalid input or a movie with the same title and date,
  ///   ``RepositoryError`` if it cannot be stored.
  public func callAsFunction(
    title: String,
    content: String = "",
    images: [Data] = [],
    date: Date,
    rate: Int = 0,
    runtime: Int? = nil
  ) async throws -> Movie {
    let movie = try MovieRules.validated(
      Movie(title: title, content: content, images: images, date: date, rate: rate, runtime: runtime)
    )
    do {
      try await movies.insert(movie)
    } catch RepositoryError.constraintViolation {
      // The identifier is new, so the rule broken is the one on title and date.
      throw CatalogError.duplicateMovie(title: movie.title, date: movie.date)
    }
    return movie
  }
}
