import Domain
import Foundation
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
}
