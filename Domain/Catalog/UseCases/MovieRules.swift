public import Foundation

/// The rules every stored movie obeys; use cases check them before any write.
public enum MovieRules {
  /// The longest content a movie may have, in characters.
  public static let maximumContentLength = 100_000

  /// The running times a movie may have, in minutes.
  public static let runtimeRange = 1...10_000

  /// Returns the title with surrounding whitespace removed, after checking it.
  ///
  /// - Throws: ``CatalogError/emptyTitle`` or ``CatalogError/titleTooLong(length:)``.
  public static func checkedTitle(_ title: String) throws(CatalogError) -> String {
    let trimmed = title.trimmed
    guard !trimmed.isEmpty else { throw .emptyTitle }
    // A character takes at least one byte, so text with few bytes needs no counting.
    guard trimmed.utf8.count <= Movie.maximumTitleLength || trimmed.count <= Movie.maximumTitleLength else {
      throw .titleTooLong(length: trimmed.count)
    }
    return trimmed
  }

  /// Checks a movie's content length.
  ///
  /// - Throws: ``CatalogError/contentTooLong(length:)``.
  public static func check(content: String) throws(CatalogError) {
    guard content.utf8.count <= maximumContentLength || content.count <= maximumContentLength else {
      throw .contentTooLong(length: content.count)
    }
  }

  /// Checks a rating.
  ///
  /// - Throws: ``CatalogError/rateOutOfRange(_:)``.
  public static func check(rate: Int) throws(CatalogError) {
    guard Movie.rateRange.contains(rate) else { throw .rateOutOfRange(rate) }
  }

  /// The years a movie's date may fall in (UTC): those ISO 8601's expanded form writes.
  public static let yearRange = -999_999...999_999

  /// Checks that a date falls in ``yearRange``.
  ///
  /// - Throws: ``CatalogError/dateOutOfRange(_:)``.
  public static func check(date: Date) throws(CatalogError) {
    guard yearRange.contains(CivilDate(date).year) else { throw .dateOutOfRange(date) }
  }

  /// Returns a movie whose fields all obey the rules, its title trimmed.
  ///
  /// - Throws: the ``CatalogError`` of the first rule broken.
  public static func validated(_ movie: Movie) throws(CatalogError) -> Movie {
    var movie = movie
    movie.title = try checkedTitle(movie.title)
    try check(content: movie.content)
    try check(rate: movie.rate)
    try check(date: movie.date)
    guard movie.heart >= 0 else { throw .invalidHeartCount(movie.heart) }
    if let runtime = movie.runtime, !runtimeRange.contains(runtime) { throw .invalidRuntime(runtime) }
    return movie
  }
}
