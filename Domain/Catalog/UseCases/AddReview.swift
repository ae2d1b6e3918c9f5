public import Foundation
public import Repositories

/// Adds a review to a movie.
public struct AddReview<Reviews: Repository, Movies: Repository>: Sendable
where Reviews.Model == Review, Movies.Model == Movie {
  private let reviews: Reviews
  private let movies: Movies

  /// Creates the use case over the review and movie repositories.
  public init(reviews: Reviews, movies: Movies) {
    self.reviews = reviews
    self.movies = movies
  }

  /// Validates and stores a review of an existing movie, returning it as stored.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)`` for an unknown movie, ``CatalogError`` for
  ///   invalid input, ``RepositoryError`` if it cannot be stored.
  public func callAsFunction(
    movieID: UUID, author: String = "", text: String, rate: Int? = nil, date: Date
  ) async throws -> Review {
    let review = try ReviewRules.validated(Review(movieID: movieID, author: author, text: text, rate: rate, date: date))
    // Counted, not read: the movie's images are not needed to know it exists.
    guard try await movies.fetchCount(FetchDescriptor(predicate: #Predicate { $0.id == movieID })) > 0 else {
      throw CatalogError.movieNotFound(movieID)
    }
    do {
      try await reviews.insert(review)
    } catch RepositoryError.constraintViolation {
      // The movie was deleted between the check and the insert.
      throw CatalogError.movieNotFound(movieID)
    }
    return review
  }
}
