public import Foundation
public import Repositories

/// Deletes one review.
public struct DeleteReview<Reviews: Repository>: Sendable where Reviews.Model == Review {
  private let reviews: Reviews

  /// Creates the use case over a review repository.
  public init(reviews: Reviews) { self.reviews = reviews }

  /// Deletes the review with an identifier.
  ///
  /// - Throws: ``CatalogError/reviewNotFound(_:)`` if there is none.
  public func callAsFunction(id: UUID) async throws {
    do {
      try await reviews.delete(id: id)
    } catch RepositoryError.notFound {
      throw CatalogError.reviewNotFound(id)
    }
  }
}
