public import Foundation
public import Repositories

/// Figures about a whole catalog: counts, ratings and years.
public struct CatalogSummary: Sendable, Equatable {
  /// How many movies there are.
  public var count: Int
  /// How many movies have at least one heart.
  public var heartedCount: Int
  /// The mean rating, or `nil` for an empty catalog.
  public var averageRate: Double?
  /// How many movies have each rating, for every rating from 0 to 10.
  public var moviesPerRate: [Int: Int]
  /// How many movies are dated in each year (UTC), for the years that have any.
  public var moviesPerYear: [Int: Int]
  /// The earliest and latest dates, or `nil` for an empty catalog.
  public var dateRange: ClosedRange<Date>?

  /// Creates a summary.
  public init(
    count: Int, heartedCount: Int, averageRate: Double?, moviesPerRate: [Int: Int], moviesPerYear: [Int: Int],
    dateRange: ClosedRange<Date>?
  ) {
    self.count = count
    self.heartedCount = heartedCount
    self.averageRate = averageRate
    self.moviesPerRate = moviesPerRate
    self.moviesPerYear = moviesPerYear
    self.dateRange = dateRange
  }
}

/// Summarises the catalog, using the repository's aggregates so a store can answer in SQL.
public struct CatalogStatistics<R: Repository>: Sendable where R.Model == Movie {
  private let movies: R

  /// Creates the use case over a movie repository.
  public init(movies: R) { self.movies = movies }

  /// Returns the catalog's summary.
  ///
  /// Every figure is an aggregate the store computes, so memory does not grow with the
  /// catalog: movies per year are counted a year at a time, from each year that has movies to
  /// the next (two queries per year with movies).
  public func callAsFunction() async throws -> CatalogSummary {
    let perRate = try await movies.count(groupedBy: \.rate)
    let first = try await movies.minimum(of: \.date)
    let last = try await movies.maximum(of: \.date)
    var perYear: [Int: Int] = [:]
    var next = first
    // Years of the one calendar dates are read and written in, proleptic Gregorian in UTC.
    while let date = next, case let year = CivilDate(date).year,
      let start = CivilDate(year: year, month: 1, day: 1)?.date,
      let end = CivilDate(year: year + 1, month: 1, day: 1)?.date, end > date
    {
      perYear[year, default: 0] += try await movies.fetchCount(
        FetchDescriptor(predicate: #Predicate { $0.date >= start && $0.date < end }))
      next = try await movies.minimum(of: \.date, where: #Predicate { $0.date >= end })
    }
    return CatalogSummary(
      count: perRate.values.reduce(0, +),
      heartedCount: try await movies.fetchCount(FetchDescriptor(predicate: #Predicate { $0.heart > 0 })),
      averageRate: try await movies.average(of: \.rate),
      moviesPerRate: Dictionary(uniqueKeysWithValues: Movie.rateRange.map { ($0, perRate[$0] ?? 0) }),
      moviesPerYear: perYear,
      dateRange: first.flatMap { first in last.map { first...$0 } }
    )
  }
}
