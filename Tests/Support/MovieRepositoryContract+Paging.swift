import Catalog
import Foundation
import Repositories
import Testing

/// Checks of `fetchLimit`, `fetchOffset` and `fetchCount`, over ``Movie/samples``.
extension MovieRepositoryContract {
  static var pagingChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("a limit keeps the first movies and an offset skips some", body: limitsAndSkips),
      .init("a limit of zero or an offset past the end fetches nothing", body: fetchesEmptyPages),
      .init("paging applies after filtering and sorting", body: pagesAfterFilteringAndSorting),
      .init("pages in a total order hold every movie exactly once", body: pagesCoverEveryMovie),
      .init("fetchCount counts what fetch returns", body: countsLikeFetch),
    ]
  }

  /// Returns a descriptor that orders by identifier and keeps one page.
  private static func byID(
    _ predicate: Predicate<Movie>? = nil,
    limit: Int? = nil,
    offset: Int? = nil
  ) -> FetchDescriptor<Movie> {
    FetchDescriptor(
      predicate: predicate,
      sortBy: [SortDescriptor(\.id)],
      fetchLimit: limit,
      fetchOffset: offset
    )
  }

  private static func limitsAndSkips(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(try await movies.fetch(byID(limit: 2)) == [.alien, .heat])
    #expect(try await movies.fetch(byID(offset: 4)) == [.spiritedAway, .brazil])
    #expect(try await movies.fetch(byID(limit: 2, offset: 1)) == [.heat, .up])
    #expect(try await movies.fetch(byID(limit: 100, offset: 5)) == [.brazil])
  }

  private static func fetchesEmptyPages(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(try await movies.fetch(byID(limit: 0)) == [])
    #expect(try await movies.fetch(byID(offset: 6)) == [])
    #expect(try await movies.fetch(byID(limit: 3, offset: 100)) == [])
  }

  private static func pagesAfterFilteringAndSorting(_ movies: R) async throws {
    try await movies.insert(scrambledSamples)
    let descriptor = FetchDescriptor<Movie>(
      predicate: #Predicate { $0.rate >= 8 },
      sortBy: [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.id)],
      fetchLimit: 2,
      fetchOffset: 1
    )
    #expect(try await movies.fetch(descriptor) == [.alien, .heat])
  }

  private static func pagesCoverEveryMovie(_ movies: R) async throws {
    let all = Movie.samples + Movie.edgeCases
    try await movies.insert(all)
    let order = [SortDescriptor<Movie>(\.rate, order: .reverse), SortDescriptor(\.id)]
    var pages: [[Movie]] = []
    for offset in stride(from: 0, through: 16, by: 4) {
      let page = FetchDescriptor(sortBy: order, fetchLimit: 4, fetchOffset: offset)
      pages.append(try await movies.fetch(page))
    }
    #expect(pages.map(\.count) == [4, 4, 4, 3, 0])
    #expect(pages.flatMap { $0 } == (try await movies.fetch(FetchDescriptor(sortBy: order))))
    #expect(Set(pages.flatMap { $0 }.map(\.id)).count == all.count)
  }

  private static func countsLikeFetch(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let rated8 = #Predicate<Movie> { $0.rate >= 8 }
    let expectations: [(FetchDescriptor<Movie>, Int)] = [
      (byID(), 6),
      (byID(rated8), 4),
      (byID(rated8, limit: 3), 3),
      (byID(rated8, offset: 3), 1),
      (byID(rated8, limit: 2, offset: 1), 2),
      (byID(rated8, limit: 10, offset: 2), 2),
      (byID(limit: 0), 0),
      (byID(offset: 10), 0),
      (byID(#Predicate { $0.rate > 10 }), 0),
    ]
    for (descriptor, count) in expectations {
      #expect(try await movies.fetchCount(descriptor) == count)
      #expect(try await movies.fetch(descriptor).count == count)
    }
  }
}
