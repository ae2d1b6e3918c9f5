import Foundation
import Persistence
import Repositories

/// The data the store phases work on, the same for every engine and its raw baseline: the
/// movies, the ids looked up and updated, the date ranges and the deep pages.
struct StoreWorkload {
  let movies: [Movie]
  /// The ids fetched one by one: 10,000 spread over the catalog.
  let lookups: [UUID]
  /// Those movies, changed: the updates.
  let updated: [Movie]
  /// Where 20 pages of 20 start, three quarters down the list by date (dates rise with the
  /// index).
  let deepStarts: [Int]
  /// 100 date ranges, each half as long as a hundredth of the catalog.
  let ranges: [(Date, Date)]

  init(rows: Int) {
    movies = BenchmarkData.movies(count: rows)
    let picked = Array(stride(from: 0, to: rows, by: max(1, rows / 10_000)).prefix(10_000))
    lookups = picked.map { [movies] in movies[$0].id }
    updated = picked.enumerated().map { [movies] offset, index in
      var movie = movies[index]
      movie.rate = (movie.rate + 1) % 11
      movie.heart += offset
      movie.title += " (seen)"
      return movie
    }
    deepStarts = (0..<20).map { max(1, min(rows - 1, rows * 3 / 4 + $0 * 7)) }
    ranges = (0..<100).map { query in
      let start = BenchmarkData.startDate.addingTimeInterval(Double(query * rows / 100) * 3600)
      return (start, start.addingTimeInterval(Double(max(rows / 100, 1)) * 3600 / 2))
    }
  }
}

extension StoreWorkload {
  /// How many movies the date ranges hold, read range by range through a repository, by date.
  func countInRanges(_ repository: some Repository<Movie>) async throws -> Int {
    var total = 0
    for (start, end) in ranges {
      total += try await repository.fetch(
        FetchDescriptor(predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)])
      ).count
    }
    return total
  }

  /// How many movies the date ranges hold, read range by range by a raw store.
  func countInRanges(_ fetch: (Date, Date) throws -> [Movie]) throws -> Int {
    try ranges.reduce(0) { total, range in total + (try fetch(range.0, range.1).count) }
  }

  /// How many of the looked-up ids a repository finds, fetched one by one.
  func countFound(_ repository: some Repository<Movie>) async throws -> Int {
    var found = 0
    for id in lookups where try await repository.fetch(id: id) != nil { found += 1 }
    return found
  }
}

/// The ratio engine / raw each store phase promises not to exceed, the same on every engine.
enum Goal {
  static let insert = 1.3
  static let fetchAll = 1.5
  static let dateRange = 1.2
  static let fetchByID = 2.0
  static let update = 1.5
  static let deleteAll = 1.2
}
