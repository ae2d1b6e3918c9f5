import Foundation
public import Repositories

/// Finds the stored movies, reviews and tags whose values break the catalog's rules — those
/// ``MovieRules``, ``ReviewRules`` and ``TagRules`` check before every write, so only another
/// program can have stored them. The storage's own checks know nothing of these rules.
///
/// Every model is read one at a time (movies without their images), so memory stays flat.
///
/// ```swift
/// try await CheckCatalogRules(movies: movies, reviews: reviews, tags: tags) { print($0) }
/// ```
public struct CheckCatalogRules<Movies: Repository, Reviews: Repository, Tags: Repository>: Sendable
where Movies.Model == Movie, Reviews.Model == Review, Tags.Model == MovieTag {
  private let movies: Movies
  private let reviews: Reviews
  private let tags: Tags

  /// Creates the use case over the catalog's repositories.
  public init(movies: Movies, reviews: Reviews, tags: Tags) {
    self.movies = movies
    self.reviews = reviews
    self.tags = tags
  }

  /// Calls `report` with each value that breaks a rule: the first rule each model breaks.
  ///
  /// - Throws: ``RepositoryError`` if the store cannot be read; `RepositoryError.unreadable`
  ///   after every other model was checked, if some cannot be read at all.
  public func callAsFunction(_ report: (RuleViolation) -> Void) async throws {
    var everyMovie = FetchDescriptor<Movie>()
    everyMovie.propertiesToFetch = Movie.propertiesButImages
    var unreadable: (any Error)?
    // Models that cannot be read at all do not stop the check of the others.
    func readable(_ read: () async throws -> Void) async throws {
      do { try await read() } catch RepositoryError.unreadable(let count, let rows) {
        unreadable = unreadable ?? RepositoryError.unreadable(count: count, rows: rows)
      }
    }
    try await readable {
      try await movies.enumerate(everyMovie) { movie in
        check(movie, owner: .movie, id: movie.id, report, "the title has spaces around it", MovieRules.validated)
      }
    }
    try await readable {
      try await reviews.enumerate(FetchDescriptor()) { review in
        check(
          review, owner: .review, id: review.id, report, "the text or author has spaces around it",
          ReviewRules.validated)
      }
    }
    try await readable {
      try await tags.enumerate(FetchDescriptor()) { tag in
        check(tag.name, owner: .tag, id: tag.id, report, "the name has spaces around it", TagRules.checkedName)
      }
    }
    if let unreadable { throw unreadable }
  }

  /// Reports the rule `validated` finds broken, or `untrimmed` when the value is valid but not
  /// as the rules store it (its text trimmed).
  private func check<Value: Equatable>(
    _ value: Value, owner: RuleViolation.Owner, id: UUID, _ report: (RuleViolation) -> Void, _ untrimmed: String,
    _ validated: (Value) throws(CatalogError) -> Value
  ) {
    do {
      if try validated(value) != value { report(RuleViolation(owner: owner, id: id, problem: untrimmed)) }
    } catch {
      report(RuleViolation(owner: owner, id: id, problem: error.description))
    }
  }
}
