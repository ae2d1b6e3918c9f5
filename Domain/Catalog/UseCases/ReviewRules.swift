import Foundation

/// The rules every stored review obeys; use cases check them before any write.
public enum ReviewRules {
  /// The longest review, in characters.
  public static let maximumTextLength = 10_000
  /// The longest author name, in characters.
  public static let maximumAuthorLength = 100

  /// Returns a review whose fields obey the rules, its text and author trimmed.
  ///
  /// - Throws: the ``CatalogError`` of the first rule broken.
  public static func validated(_ review: Review) throws(CatalogError) -> Review {
    var review = review
    review.text = review.text.trimmed
    review.author = review.author.trimmed
    guard !review.text.isEmpty else { throw .invalidReview("the review must not be empty") }
    guard review.text.count <= maximumTextLength else {
      throw .invalidReview("the review has \(review.text.count) characters; the most is \(maximumTextLength)")
    }
    guard review.author.count <= maximumAuthorLength else {
      throw .invalidReview("the author has \(review.author.count) characters; the most is \(maximumAuthorLength)")
    }
    if let rate = review.rate { try MovieRules.check(rate: rate) }
    try MovieRules.check(date: review.date)
    return review
  }
}
