import Catalog
import Foundation
import Repositories
import RepositoryTesting
import Testing

/// Movie-only checks of sorting by each kind of field (text, dates, optional integers), by
/// several keys, and of keyset pages through them.
extension MovieContractFixture {
  /// The samples in an insertion order that matches none of the sort orders checked.
  static var scrambledSamples: [Movie] {
    [.up, .brazil, .spiritedAway, .alien, .amelie, .heat]
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

  static var sortingChecks: [RepositoryContract<Self>.Check] {
    [
      check("sorting by any one field orders both ways", sortsByEachField),
      check("later sort descriptors break the ties of earlier ones", sortsByManyFields),
      check("text sorts by code point, case-sensitively", sortsTextByCodePoint),
      check("pages after the last movie follow text, optional, descending and mixed orders", walksEveryOrder),
    ]
  }

  private static func sortsByEachField(_ movies: any Repository<Movie>) async throws {
    try await movies.insert(scrambledSamples)
    // Built with `order:`, not by setting `order` afterwards: on Linux, Foundation's
    // `SortDescriptor` compares in its original order even after `order` is changed.
    let expectations: [(SortDescriptor<Movie>, SortDescriptor<Movie>, [Movie])] = [
      (
        SortDescriptor(\.title), SortDescriptor(\.title, order: .reverse),
        [.alien, .amelie, .brazil, .heat, .up, .spiritedAway]
      ),
      (
        SortDescriptor(\.content), SortDescriptor(\.content, order: .reverse),
        [.up, .brazil, .heat, .spiritedAway, .alien, .amelie]
      ),
      (
        SortDescriptor(\.date), SortDescriptor(\.date, order: .reverse),
        [.alien, .brazil, .heat, .amelie, .spiritedAway, .up]
      ),
      (
        SortDescriptor(\.heart), SortDescriptor(\.heart, order: .reverse),
        [.up, .heat, .brazil, .alien, .amelie, .spiritedAway]
      ),
      (
        SortDescriptor(\.id), SortDescriptor(\.id, order: .reverse),
        [.alien, .heat, .up, .amelie, .spiritedAway, .brazil]
      ),
    ]
    for (ascending, descending, expected) in expectations {
      #expect(try await movies.fetch(FetchDescriptor(sortBy: [ascending])) == expected)
      #expect(try await movies.fetch(FetchDescriptor(sortBy: [descending])) == expected.reversed())
    }
  }

  private static func sortsByManyFields(_ movies: any Repository<Movie>) async throws {
    try await movies.insert(scrambledSamples)
    let rate = SortDescriptor<Movie>(\.rate)
    let rateDown = SortDescriptor<Movie>(\.rate, order: .reverse)
    let title = SortDescriptor<Movie>(\.title)
    let id = SortDescriptor<Movie>(\.id)
    let idDown = SortDescriptor<Movie>(\.id, order: .reverse)
    #expect(
      try await movies.fetch(FetchDescriptor(sortBy: [rate, title]))
        == [.brazil, .up, .amelie, .heat, .alien, .spiritedAway]
    )
    #expect(
      try await movies.fetch(FetchDescriptor(sortBy: [rateDown, title]))
        == [.spiritedAway, .alien, .amelie, .heat, .up, .brazil]
    )
    #expect(
      try await movies.fetch(FetchDescriptor(sortBy: [rateDown, id]))
        == [.spiritedAway, .alien, .heat, .amelie, .up, .brazil]
    )
    #expect(
      try await movies.fetch(FetchDescriptor(sortBy: [rateDown, idDown]))
        == [.spiritedAway, .alien, .amelie, .heat, .up, .brazil]
    )
  }

  private static func sortsTextByCodePoint(_ movies: any Repository<Movie>) async throws {
    let titles = ["alien", "Zed", "Alien 2", "_x", "Émile", "Alien 10"]
    try await movies.insert(titles.enumerated().map { movie(UInt8($0.offset + 1), $0.element) })
    #expect(
      try await Self.titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
        == ["Alien 10", "Alien 2", "Zed", "_x", "alien", "Émile"]
    )
  }

  private static func walksEveryOrder(_ movies: any Repository<Movie>) async throws {
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
