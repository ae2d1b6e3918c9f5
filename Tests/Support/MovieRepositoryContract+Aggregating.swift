import Catalog
import Foundation
import Repositories
import Testing

/// Checks of the aggregates: grouped counts, minimum, maximum and average.
extension MovieRepositoryContract {
  static var aggregatingChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("counts grouped by an attribute match the stored movies", body: countsGroups),
      .init("minimum, maximum and average match the stored movies", body: summarises),
      .init("aggregates of no movies are empty or nil", body: summarisesNothing),
    ]
  }

  private static func countsGroups(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let expected = Dictionary(grouping: Movie.samples, by: \.rate).mapValues(\.count)
    #expect(try await movies.count(groupedBy: \.rate) == expected)
    let best = #Predicate<Movie> { $0.rate >= 8 }
    let expectedBest = Dictionary(grouping: Movie.samples.filter { $0.rate >= 8 }, by: \.rate).mapValues(\.count)
    #expect(try await movies.count(groupedBy: \.rate, where: best) == expectedBest)
  }

  private static func summarises(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(try await movies.minimum(of: \.date) == Movie.samples.map(\.date).min())
    #expect(try await movies.maximum(of: \.title) == Movie.samples.map(\.title).max())
    #expect(
      try await movies.maximum(of: \.heart, where: #Predicate { $0.rate < 9 })
        == Movie.samples.filter { $0.rate < 9 }.map(\.heart).max())
    let mean = Double(Movie.samples.map(\.rate).reduce(0, +)) / Double(Movie.samples.count)
    let average = try #require(try await movies.average(of: \.rate))
    #expect(abs(average - mean) < 1e-9)
  }

  private static func summarisesNothing(_ movies: R) async throws {
    #expect(try await movies.count(groupedBy: \.rate) == [:])
    #expect(try await movies.minimum(of: \.date) == nil)
    #expect(try await movies.average(of: \.rate) == nil)
  }
}
