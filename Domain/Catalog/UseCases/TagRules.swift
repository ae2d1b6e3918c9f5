import Foundation

/// The rules every tag obeys.
public enum TagRules {
  /// The longest tag name, in characters.
  public static let maximumNameLength = 50

  /// The most tags one movie may have: `tag add` and `import` refuse more, so that the work a
  /// movie's tags take stays bounded.
  public static let maximumTagsPerMovie = 1_000

  /// Checks that a movie may have `count` tags.
  ///
  /// - Throws: ``CatalogError/invalidTag(_:)`` for more than ``maximumTagsPerMovie``.
  public static func check(tagCount count: Int) throws(CatalogError) {
    guard count > maximumTagsPerMovie else { return }
    throw .invalidTag("a movie may have at most \(maximumTagsPerMovie) tags, not \(count)")
  }

  /// Returns a tag name trimmed, after checking it.
  ///
  /// - Throws: ``CatalogError/invalidTag(_:)`` for an empty or over-long name.
  public static func checkedName(_ name: String) throws(CatalogError) -> String {
    let trimmed = name.trimmed
    guard !trimmed.isEmpty else { throw .invalidTag("a tag name must not be empty") }
    guard trimmed.utf8.count <= maximumNameLength || trimmed.count <= maximumNameLength else {
      // The name is quoted up to the most a tag may hold, so a huge one gives a readable error.
      let shown = trimmed.prefix(maximumNameLength) + "…"
      throw .invalidTag("the tag \"\(shown)\" has \(trimmed.count) characters; the most is \(maximumNameLength)")
    }
    return trimmed
  }
}
