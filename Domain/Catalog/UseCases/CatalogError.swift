public import Foundation
import Repositories

/// A request the catalog refuses, before anything is stored.
///
/// Use cases throw these for bad input; storage failures arrive as ``RepositoryError``.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The title is empty or only whitespace.
  case emptyTitle
  /// The title is longer than ``Movie/maximumTitleLength`` characters.
  case titleTooLong(length: Int)
  /// The content is longer than ``MovieRules/maximumContentLength`` characters.
  case contentTooLong(length: Int)
  /// The rating is outside ``Movie/rateRange``.
  case rateOutOfRange(Int)
  /// A heart count given is negative.
  case invalidHeartCount(Int)
  /// The movie already has the most hearts a count can hold, so one more cannot be given.
  case heartCountFull(UUID)
  /// A date whose year is outside ``MovieRules/yearRange``.
  case dateOutOfRange(Date)
  /// A running time outside ``MovieRules/runtimeRange``.
  case invalidRuntime(Int)
  /// A page's limit or offset is negative.
  case invalidPage(String)
  /// No movie has this identifier.
  case movieNotFound(UUID)
  /// Another movie already has this title and date.
  case duplicateMovie(title: String, date: Date)
  /// A review breaks a rule; the message says which.
  case invalidReview(String)
  /// No review has this identifier.
  case reviewNotFound(UUID)
  /// A tag name breaks a rule; the message says which.
  case invalidTag(String)
  /// An import found rows it had to refuse, so it stored nothing.
  case invalidImport(invalidRows: Int)
  /// A value of a model added beside `Movie` (by `scripts/new-model.sh`) breaks one of its
  /// rules; the message says which, such as `the book's title must not be empty`.
  case invalidValue(String)
  /// Another stored model already has a value that must be unique; the message names the
  /// attributes, such as `another book has the same isbn`.
  case duplicateValue(String)

  /// A one-line, human-readable description.
  public var description: String {
    switch self {
    case .emptyTitle: "the title must not be empty"
    case .titleTooLong(let length):
      "the title has \(length) characters; the most is \(Movie.maximumTitleLength)"
    case .contentTooLong(let length):
      "the content has \(length) characters; the most is \(MovieRules.maximumContentLength)"
    case .rateOutOfRange(let rate):
      "the rate must be between \(Movie.rateRange.lowerBound) and \(Movie.rateRange.upperBound), not \(rate)"
    case .invalidHeartCount(let count): "the heart count \(count) is not valid"
    case .heartCountFull(let id):
      "the movie \(id.uuidString.lowercased()) has \(Int.max) hearts, the most a count can hold"
    case .invalidRuntime(let minutes):
      "the running time must be between \(MovieRules.runtimeRange.lowerBound) and \(MovieRules.runtimeRange.upperBound) minutes, not \(minutes)"
    case .dateOutOfRange(let date):
      "the date must fall in the years \(MovieRules.yearRange.lowerBound) to \(MovieRules.yearRange.upperBound), "
        + "not \(date.timeIntervalSinceReferenceDate) seconds after 2001"
    case .invalidPage(let message): message
    case .movieNotFound(let id): "no movie has the id \(id.uuidString.lowercased())"
    case .invalidReview(let message), .invalidValue(let message), .duplicateValue(let message): message
    case .invalidTag(let message): message
    case .invalidImport(let count): "\(count) invalid \(count == 1 ? "row" : "rows"); nothing was imported"
    case .reviewNotFound(let id): "no review has the id \(id.uuidString.lowercased())"
    case .duplicateMovie(let title, let date):
      "a movie titled \"\(title)\" dated \(CivilDate(date)) already exists"
    }
  }
}
