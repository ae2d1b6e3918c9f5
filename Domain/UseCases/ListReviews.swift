import Foundation

/// Lists the reviews of a movie, oldest first.
public struct ListReviews<Reviews: Repository>: Sendable where Reviews.Model == Review {
  private let reviews: Reviews

  /// Creates the use case over a review repository.
  public init(reviews: Reviews) { self.reviews = reviews }

  /// Returns the reviews of one movie, by date then id.
  public func callAsFunction(movieID: UUID) async throws -> [Review] {
    try await reviews.fetch(
      FetchDescriptor(
        predicate: #Predicate { $0.movieID == movieID }, sortBy: [SortDescriptor(\.date), SortDescriptor(\.id)]))
  }
}
