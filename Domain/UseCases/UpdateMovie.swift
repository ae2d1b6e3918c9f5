import Foundation

/// Changes any fields of a stored movie.
///
/// ```swift
/// let renamed = try await UpdateMovie(movies: repository)(id: id, MovieChanges(title: "Aliens"))
/// ```
public struct UpdateMovie<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Applies changes to the movie with an identifier and returns it as stored.
  ///
  /// - Throws: ``CatalogError`` for invalid values or an unknown movie; nothing is changed then.
  public func callAsFunction(id: UUID, _ changes: MovieChanges) async throws -> Movie {
    guard let movie = try await movies.fetch(id: id) else { throw CatalogError.movieNotFound(id) }
    let changed = try MovieRules.validated(changes.applied(to: movie))
    do {
      try await movies.update(changed)
    } catch RepositoryError.notFound {
      throw CatalogError.movieNotFound(id)
    } catch RepositoryError.constraintViolation {
      throw CatalogError.duplicateMovie(title: changed.title, date: changed.date)
    }
    return changed
  }
}
