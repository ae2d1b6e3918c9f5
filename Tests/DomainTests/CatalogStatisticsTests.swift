import Catalog
import Foundation
import RepositoryTesting
import TestSupport
import Testing

@Suite struct CatalogStatisticsTests {
  @Test func summarisesCountsRatesAndYears() async throws {
    let movies = try InMemoryRepository(Movie.samples)
    let summary = try await CatalogStatistics(movies: movies)()
    #expect(summary.count == Movie.samples.count)
    #expect(summary.heartedCount == Movie.samples.filter { $0.heart > 0 }.count)
    #expect(summary.moviesPerRate.count == 11)
    #expect(summary.moviesPerRate.values.reduce(0, +) == Movie.samples.count)
    #expect(summary.moviesPerRate[8] == 2)
    #expect(summary.moviesPerYear == [1979: 1, 1985: 1, 1995: 1, 2001: 2, 2009: 1])
    #expect(summary.dateRange?.lowerBound == Movie.alien.date)
    #expect(summary.dateRange?.upperBound == Movie.up.date)
  }

  @Test func anEmptyCatalogHasNoAverageAndNoDates() async throws {
    let summary = try await CatalogStatistics(movies: InMemoryRepository<Movie>())()
    #expect(summary.count == 0)
    #expect(summary.averageRate == nil)
    #expect(summary.dateRange == nil)
    #expect(summary.moviesPerYear.isEmpty)
  }

  @Test func yearsAreCountedInTheProlepticGregorianCalendar() async throws {
    // Foundation's Gregorian calendar is Julian before 1582-10-15: there, these days fall in
    // the years before (1581-12-22, 0000-12-30).
    let days = [CivilDate(year: 1582, month: 1, day: 1)!, CivilDate(year: 1, month: 1, day: 1)!]
    let movies = try InMemoryRepository(days.map { Movie(title: "\($0)", date: $0.date) })
    let summary = try await CatalogStatistics(movies: movies)()
    #expect(summary.moviesPerYear == [1582: 1, 1: 1])
  }

  @Test func civilDatesAndDaysAgreeOverTheWholeRange() {
    for days in stride(from: -719_162, through: 2_932_896, by: 97) {
      let day = CivilDate(daysSince1970: days)
      #expect(day.daysSince1970 == days)
      #expect(CivilDate(year: day.year, month: day.month, day: day.day) == day)
      #expect(CivilDate(day.date) == day)
    }
    #expect(CivilDate(year: 1582, month: 10, day: 4)?.daysSince1970 == -141_438)
    #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
    #expect(CivilDate(year: 10_000, month: 1, day: 1)?.description == "+10000-01-01")
  }
}
