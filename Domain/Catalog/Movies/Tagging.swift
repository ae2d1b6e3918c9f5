public import Foundation

/// That a movie has a tag: one row of the many-to-many relationship between movies and tags.
public struct Tagging: Codable, Sendable, Hashable, Identifiable {
  /// The tagging's stable identifier.
  public var id: UUID
  /// The movie tagged.
  public var movieID: UUID
  /// The tag.
  public var tagID: UUID

  /// Creates a tagging.
  public init(id: UUID = UUID(), movieID: UUID, tagID: UUID) {
    self.id = id
    self.movieID = movieID
    self.tagID = tagID
  }
}
