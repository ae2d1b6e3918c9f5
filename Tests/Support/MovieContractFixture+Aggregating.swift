import Catalog
import Foundation
import Repositories
import RepositoryTesting
import Testing

/// Movie-only checks of aggregates over dates, text and an average.
extension MovieContractFixture {
  static var aggregatingChecks: [RepositoryContract<Self>.Check] {
    [
      check("minimum, maximum and average match the stored movies, and are nil for none", summarises)
    ]
  }

  private static func summarises(_ movies: any Repository<Movie>) async throws {
    #expect(try await movies.minimum(of: \.date) == nil)
    #expect(try await movies.average(of: \.rate) == nil)
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
}
