public import Foundation
public import Repositories

/// Lists the reviews of a movie, oldest first.
public struct ListReviews<Reviews: Repository>: Sendable where Reviews.Model == Review {
  private let reviews: Reviews

  /// Creates the use case over a review repository.
  public init(reviews: Reviews) { self.reviews = reviews }

  /// Returns the ids of the movies with at least one review containing some text
  /// (case-sensitive), in one query.
  public func movieIDs(reviewedWith text: String) async throws -> [UUID] {
    let reviews = try await reviews.fetch(FetchDescriptor(predicate: #Predicate { $0.text.contains(text) }))
    var seen = Set<UUID>()
    return reviews.map(\.movieID).filter { seen.insert($0).inserted }
  }

  /// Returns the reviews of one movie, by date then id.
  public func callAsFunction(movieID: UUID) async throws -> [Review] {
    try await reviews.fetch(
      FetchDescriptor(
        predicate: #Predicate { $0.movieID == movieID }, sortBy: [SortDescriptor(\.date), SortDescriptor(\.id)]))
  }
}
