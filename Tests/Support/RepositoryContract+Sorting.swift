import Domain
import Foundation
import Testing

/// Checks of `fetch` with sort descriptors, over ``Movie/samples`` inserted out of order.
extension RepositoryContract {
  /// The samples in an insertion order that matches none of the sort orders checked.
  static var scrambledSamples: [Movie] {
    [.up, .brazil, .spiritedAway, .alien, .amelie, .heat]
  }

  static var sortingChecks: [RepositoryContractCheck<R>] {
    [
      RepositoryContractCheck("sorting by one field orders ascending, and reverse orders descending") {
        movies in
        try await movies.insert(scrambledSamples)
        // Built with `order:`, not by setting `order` afterwards: on Linux, Foundation's
        // `SortDescriptor` ignores an `order` set after it was created when it compares.
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
      },
      RepositoryContractCheck("later sort descriptors break the ties of earlier ones") { movies in
        try await movies.insert(scrambledSamples)
        let rateThenTitle = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.rate), SortDescriptor(\.title)])
        #expect(try await movies.fetch(rateThenTitle) == [.brazil, .up, .amelie, .heat, .alien, .spiritedAway])
        let rateDownTitleUp = FetchDescriptor<Movie>(
          sortBy: [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.title)]
        )
        #expect(try await movies.fetch(rateDownTitleUp) == [.spiritedAway, .alien, .amelie, .heat, .up, .brazil])
        let rateDownIDDown = FetchDescriptor<Movie>(
          sortBy: [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.id, order: .reverse)]
        )
        #expect(try await movies.fetch(rateDownIDDown) == [.spiritedAway, .alien, .amelie, .heat, .up, .brazil])
        let rateDownIDUp = FetchDescriptor<Movie>(
          sortBy: [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.id)]
        )
        #expect(try await movies.fetch(rateDownIDUp) == [.spiritedAway, .alien, .heat, .amelie, .up, .brazil])
      },
      RepositoryContractCheck("movies that sort equal keep their insertion order, in either direction") {
        movies in
        let tied = [movie(3, "C", rate: 5), movie(1, "A", rate: 5), movie(2, "B", rate: 5)]
        try await movies.insert([movie(9, "High", rate: 9)] + tied + [movie(4, "Low", rate: 1)])
        #expect(
          try await titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.rate)]))
            == ["Low", "C", "A", "B", "High"]
        )
        #expect(
          try await titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.rate, order: .reverse)]))
            == ["High", "C", "A", "B", "Low"]
        )
      },
      RepositoryContractCheck("text sorts by Unicode code point: case-sensitive, not numeric-aware") {
        movies in
        let titles = ["alien", "Zed", "Alien 2", "_x", "Émile", "Alien 10"]
        try await movies.insert(titles.enumerated().map { movie(UInt8($0.offset + 1), $0.element) })
        #expect(
          try await Self.titles(movies, FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
            == ["Alien 10", "Alien 2", "Zed", "_x", "alien", "Émile"]
        )
      },
    ]
  }
}
