public import Foundation
public import Repositories

/// Adds a review to a movie.
///
/// The movie's existence is checked and the review stored in one unit of work, so no delete of
/// the movie can come between the two.
public struct AddReview<Work: UnitOfWork>: Sendable {
  private let unitOfWork: Work

  /// Creates the use case over the unit of work that holds reviews and movies.
  public init(unitOfWork: Work) {
    self.unitOfWork = unitOfWork
  }

  /// Validates and stores a review of an existing movie, returning it as stored.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)`` for an unknown movie, ``CatalogError`` for
  ///   invalid input, ``RepositoryError`` if it cannot be stored.
  public func callAsFunction(
    movieID: UUID, author: String = "", text: String, rate: Int? = nil, date: Date
  ) async throws -> Review {
    let review = try ReviewRules.validated(Review(movieID: movieID, author: author, text: text, rate: rate, date: date))
    try await unitOfWork.transaction { changes in
      // Counted, not read: the movie's images are not needed to know it exists.
      guard try changes.fetchCount(FetchDescriptor<Movie>(predicate: #Predicate { $0.id == movieID })) > 0 else {
        throw CatalogError.movieNotFound(movieID)
      }
      try changes.insert([review])
    }
    return review
  }
}
