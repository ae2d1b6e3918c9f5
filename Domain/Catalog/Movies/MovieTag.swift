public import Foundation

/// A label that groups movies, such as "horror" or "to watch"; names are unique.
public struct MovieTag: Codable, Sendable, Hashable, Identifiable {
  /// The tag's stable identifier.
  public var id: UUID
  /// The name, 1 to ``TagRules/maximumNameLength`` characters, unique in the catalog.
  public var name: String

  /// Creates a tag.
  public init(id: UUID = UUID(), name: String) {
    self.id = id
    self.name = name
  }
}
