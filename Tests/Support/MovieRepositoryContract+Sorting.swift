import Catalog
import Foundation
import Repositories
import Testing

/// Checks of `fetch` with sort descriptors, over ``Movie/samples`` inserted out of order.
extension MovieRepositoryContract {
  /// The samples in an insertion order that matches none of the sort orders checked.
  static var scrambledSamples: [Movie] {
    [.up, .brazil, .spiritedAway, .alien, .amelie, .heat]
  }

  static var sortingChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("sorting by any one field orders both ways", body: sortsByEachField),
      .init("later sort descriptors break the ties of earlier ones", body: sortsByManyFields),
      .init("movies that sort equal come in identifier order, whatever their insertion order", body: ordersTiesById),
      .init("text sorts by code point, case-sensitively", body: sortsTextByCodePoint),
    ]
  }

  private static func sortsByEachField(_ movies: R) async throws {
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

  private static func sortsByManyFields(_ movies: R) async throws {
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

  private static func ordersTiesById(_ movies: R) async throws {
    // The identifier breaks ties ascending in either direction, so a position in the order is
    // a set of values (see `FetchDescriptor.after`).
    let tied = [movie(3, "C", rate: 5), movie(1, "A", rate: 5), movie(2, "B", rate: 5)]
    try await movies.insert([movie(9, "High", rate: 9)] + tied + [movie(4, "Low", rate: 1)])
    #expect(
      try await titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.rate)]))
        == ["Low", "A", "B", "C", "High"]
    )
    #expect(
      try await titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.rate, order: .reverse)]))
        == ["High", "A", "B", "C", "Low"]
    )
    #expect(try await titles(movies, FetchDescriptor()) == ["High", "C", "A", "B", "Low"], "unsorted: as stored")
  }

  private static func sortsTextByCodePoint(_ movies: R) async throws {
    let titles = ["alien", "Zed", "Alien 2", "_x", "Émile", "Alien 10"]
    try await movies.insert(titles.enumerated().map { movie(UInt8($0.offset + 1), $0.element) })
    #expect(
      try await Self.titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
        == ["Alien 10", "Alien 2", "Zed", "_x", "alien", "Émile"]
    )
  }
}
