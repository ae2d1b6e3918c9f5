public import Foundation
public import Repositories

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
    var changed: Movie?
    do {
      // One read-and-write: changes made at the same time to other fields are not lost.
      // The images are never read, and written only when they are replaced, so images whose
      // files are missing do not stand in the way of new ones.
      let replaced: [any PartialKeyPath<Movie> & Sendable] = changes.images == nil ? [] : [\Movie.images]
      return try await movies.update(id: id, properties: Movie.propertiesButImages, replacing: replaced) {
        (movie: inout Movie) throws(CatalogError) in
        movie = try MovieRules.validated(changes.applied(to: movie))
        changed = movie
      }
    } catch RepositoryError.notFound {
      throw CatalogError.movieNotFound(id)
    } catch RepositoryError.constraintViolation(let reason) {
      // The new title and date are those of another movie.
      guard let changed else { throw RepositoryError.constraintViolation(reason) }
      throw CatalogError.duplicateMovie(title: changed.title, date: changed.date)
    }
  }
}
