import Catalog
import Foundation
import Repositories
import Testing

/// Checks of keyset paging (`FetchDescriptor.after`) through the kinds of sort key a store
/// must place a position in: text, optional (with `nil`), descending and mixed, all with ties.
extension MovieRepositoryContract {
  static var keysetChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("pages after the last movie follow text, optional, descending and mixed orders", body: walksEveryOrder)
    ]
  }

  /// Movies whose titles (in both cases, with an accent), rates, runtimes (some `nil`) and dates
  /// tie in many ways, inserted in an order that matches no sort.
  static var tiedMovies: [Movie] {
    let titles = ["b", "B", "a", "Émile", "b", "a", "Zed", "B", "a", "émile", "b", "Zed"]
    let runtimes: [Int?] = [nil, 90, 120, nil, 90, nil, 120, 90, nil, 60, 120, nil]
    return titles.indices.map { index in
      Movie(
        id: UUID(fixture: UInt8(40 - index * 3 % 37)), title: titles[index],
        date: Date(timeIntervalSinceReferenceDate: Double(index / 3) * 86_400.5), rate: index * 7 % 3,
        runtime: runtimes[index])
    }
  }

  private static func walksEveryOrder(_ movies: R) async throws {
    try await movies.insert(tiedMovies)
    let orders: [[SortDescriptor<Movie>]] = [
      [SortDescriptor(\.title)],
      [SortDescriptor(\.title, order: .reverse)],
      [SortDescriptor(\.runtime)],
      [SortDescriptor(\.runtime, order: .reverse)],
      [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.title)],
      [SortDescriptor(\.runtime, order: .reverse), SortDescriptor(\.rate), SortDescriptor(\.date, order: .reverse)],
      [SortDescriptor(\.date), SortDescriptor(\.runtime), SortDescriptor(\.title, order: .reverse)],
    ]
    for sortBy in orders {
      let descriptor = FetchDescriptor<Movie>(sortBy: sortBy)
      let expected = tiedMovies.sorted(using: sortBy + [SortDescriptor(\.id)])
      let whole = try await movies.fetch(descriptor)
      #expect(whole.map(\.id) == expected.map(\.id), "one fetch, \(sortBy)")
      for size in [1, 3, 5] {
        let walked = try await movies.walkPages(descriptor, size: size)
        #expect(walked.map(\.id) == whole.map(\.id), "pages of \(size), \(sortBy)")
      }
    }
  }
}
