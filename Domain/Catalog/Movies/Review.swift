public import Foundation

/// A review of a movie: who wrote it, what they said, and an optional rating.
///
/// A review belongs to one movie; deleting the movie deletes its reviews.
public struct Review: Codable, Sendable, Hashable, Identifiable {
  /// The review's stable identifier.
  public var id: UUID
  /// The movie reviewed.
  public var movieID: UUID
  /// Who wrote it; empty when unknown.
  public var author: String
  /// The review itself, 1 to ``ReviewRules/maximumTextLength`` characters.
  public var text: String
  /// A rating from 0 to 10, if the reviewer gave one.
  public var rate: Int?
  /// When it was written.
  public var date: Date

  /// Creates a review.
  public init(id: UUID = UUID(), movieID: UUID, author: String = "", text: String, rate: Int? = nil, date: Date) {
    self.id = id
    self.movieID = movieID
    self.author = author
    self.text = text
    self.rate = rate
    self.date = date
  }
}
