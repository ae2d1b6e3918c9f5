import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Lists ``Movie/samples``, inserted in an order none of the tests expect back.
///
/// By date: alien 1979, brazil 1985, heat 1995, amélie 2001-04, spirited away 2001-07, up 2009.
/// Ratings: brazil 6, up 7, heat 8, amélie 8, alien 9, spirited away 10.
@Suite struct ListMoviesTests {
  let movies: InMemoryRepository<Movie>
  let list: ListMovies<InMemoryRepository<Movie>>

  init() throws {
    movies = try InMemoryRepository([.up, .brazil, .spiritedAway, .alien, .amelie, .heat])
    list = ListMovies(movies: movies)
  }

  @Test func defaultQueryListsEveryMovieByDate() async throws {
    #expect(try await list(MovieQuery()) == [.alien, .brazil, .heat, .amelie, .spiritedAway, .up])
  }

  @Test func sortsByRateThenTitle() async throws {
    #expect(
      try await list(MovieQuery(sortKey: .rate))
        == [.brazil, .up, .amelie, .heat, .alien, .spiritedAway]
    )
  }

  @Test func sortsByTitle() async throws {
    #expect(
      try await list(MovieQuery(sortKey: .title))
        == [.alien, .amelie, .brazil, .heat, .up, .spiritedAway]
    )
  }

  @Test(arguments: MovieQuery.SortKey.allCases)
  func descendingReversesTheOrder(sortKey: MovieQuery.SortKey) async throws {
    let ascending = try await list(MovieQuery(sortKey: sortKey))
    let descending = try await list(MovieQuery(sortKey: sortKey, descending: true))

    #expect(descending == ascending.reversed())
  }

  @Test(arguments: MovieQuery.SortKey.allCases)
  func descendingReversesTiesToo(sortKey: MovieQuery.SortKey) async throws {
    // Given movies that tie on every field but the identifier.
    let twins = (1...5).map { Movie(id: UUID(fixture: $0), title: "Twin", date: .distantPast) }
    let catalog = try InMemoryRepository(twins.reversed())
    let list = ListMovies(movies: catalog)

    #expect(try await list(MovieQuery(sortKey: sortKey)) == twins)
    #expect(try await list(MovieQuery(sortKey: sortKey, descending: true)) == twins.reversed())
  }

  @Test func minimumRateKeepsMoviesRatedAtLeastThat() async throws {
    #expect(try await list(MovieQuery(minimumRate: 8)) == [.alien, .heat, .amelie, .spiritedAway])
    #expect(try await list(MovieQuery(minimumRate: 10)) == [.spiritedAway])
    #expect(try await list(MovieQuery(minimumRate: 0)).count == Movie.samples.count)
  }

  @Test func searchMatchesTitleOrContent() async throws {
    #expect(try await list(MovieQuery(searchText: "Heat")) == [.heat])
    #expect(try await list(MovieQuery(searchText: "space")) == [.alien])
    #expect(try await list(MovieQuery(searchText: "li")) == [.alien, .amelie])
    #expect(try await list(MovieQuery(searchText: "千尋")) == [.spiritedAway])
  }

  @Test func searchIsCaseSensitive() async throws {
    #expect(try await list(MovieQuery(searchText: "heat")) == [])
  }

  @Test func searchTreatsPercentAndUnderscoreAsText() async throws {
    let catalog = try InMemoryRepository([Movie.withSQLLikeText, .alien, .heat])
    let list = ListMovies(movies: catalog)

    #expect(try await list(MovieQuery(searchText: "100%")) == [.withSQLLikeText])
    #expect(try await list(MovieQuery(searchText: "_")) == [.withSQLLikeText])
    #expect(try await list(MovieQuery(searchText: "%")) == [.withSQLLikeText])
  }

  @Test func emptySearchTextMatchesEveryMovie() async throws {
    #expect(try await list(MovieQuery(searchText: "")).count == Movie.samples.count)
  }

  @Test func searchAndMinimumRateMustBothMatch() async throws {
    #expect(try await list(MovieQuery(minimumRate: 9, searchText: "li")) == [.alien])
  }

  @Test func limitAndOffsetReturnOnePage() async throws {
    #expect(try await list(MovieQuery(limit: 2)) == [.alien, .brazil])
    #expect(try await list(MovieQuery(limit: 2, offset: 2)) == [.heat, .amelie])
    #expect(try await list(MovieQuery(offset: 4)) == [.spiritedAway, .up])
    #expect(try await list(MovieQuery(limit: 10, offset: 5)) == [.up])
    #expect(try await list(MovieQuery(offset: 6)) == [])
    #expect(try await list(MovieQuery(limit: 0)) == [])
  }

  @Test(arguments: MovieQuery.SortKey.allCases, [false, true])
  func pagesNeverOverlapEvenWhenEveryOtherFieldTies(
    sortKey: MovieQuery.SortKey,
    descending: Bool
  ) async throws {
    // Given eleven movies that share title, date and rating, inserted in a scrambled order.
    let ids: [UInt8] = [7, 3, 11, 1, 9, 5, 2, 10, 4, 8, 6]
    let catalog = try InMemoryRepository(
      ids.map { Movie(id: UUID(fixture: $0), title: "Same", date: .distantPast, rate: 5) }
    )
    let list = ListMovies(movies: catalog)

    // When listing them three at a time.
    var pages: [[Movie]] = []
    for offset in stride(from: 0, to: 12, by: 3) {
      let query = MovieQuery(sortKey: sortKey, descending: descending, limit: 3, offset: offset)
      pages.append(try await list(query))
    }

    // Then the pages follow the identifier order and hold every movie once.
    let expected = (1...11).map { UUID(fixture: $0) }
    #expect(pages.map(\.count) == [3, 3, 3, 2])
    #expect(pages.flatMap { $0 }.map(\.id) == (descending ? expected.reversed() : expected))
  }

  @Test(arguments: MovieQuery.SortKey.allCases, [false, true])
  func pagesAfterTheLastMovieShownMatchPagesByOffset(sortKey: MovieQuery.SortKey, descending: Bool) async throws {
    let all = try await list(MovieQuery(sortKey: sortKey, descending: descending))
    var walked: [Movie] = []
    var after: UUID?
    repeat {
      let page = try await list(MovieQuery(sortKey: sortKey, descending: descending, limit: 2, after: after))
      walked += page
      after = page.count == 2 ? page.last?.id : nil
    } while after != nil && walked.count <= all.count
    #expect(walked == all)
    #expect(all.count == 6)
  }

  @Test func aPageAfterAnUnknownMovieIsRefused() async {
    let unknown = UUID(fixture: 99)
    await #expect(throws: CatalogError.movieNotFound(unknown)) { try await list(MovieQuery(after: unknown)) }
  }

  @Test func negativeLimitIsRejected() async {
    await #expect(throws: CatalogError.invalidPage("the limit must not be negative")) {
      try await list(MovieQuery(limit: -1))
    }
  }

  @Test func negativeOffsetIsRejected() async {
    await #expect(throws: CatalogError.invalidPage("the offset must not be negative")) {
      try await list(MovieQuery(offset: -1))
    }
  }

  @Test(arguments: [-1, 11])
  func minimumRateOutsideZeroToTenIsRejected(rate: Int) async {
    await #expect(throws: CatalogError.rateOutOfRange(rate)) {
      try await list(MovieQuery(minimumRate: rate))
    }
  }

  @Test func descriptorCarriesThePageAndOmitsAZeroOffset() throws {
    let paged = try MovieQuery(limit: 5, offset: 10).descriptor()
    let first = try MovieQuery().descriptor()

    #expect(paged.fetchLimit == 5)
    #expect(paged.fetchOffset == 10)
    #expect(first.fetchLimit == nil)
    #expect(first.fetchOffset == nil)
    #expect(first.predicate == nil)
  }

  @Test func storageFailureIsThrown() async {
    movies.failNextRead(with: RepositoryError.unavailable("corrupt file"))

    await #expect(throws: RepositoryError.unavailable("corrupt file")) {
      try await list(MovieQuery())
    }
  }

  @Test func filtersCombineAndEachCanBeLeftOut() async throws {
    let year1990 = Date(timeIntervalSince1970: 631_152_000)
    let year2005 = Date(timeIntervalSince1970: 1_104_537_600)
    #expect(try await list(MovieQuery(maximumRate: 7)) == [.brazil, .up])
    #expect(try await list(MovieQuery(minimumRate: 8, maximumRate: 9)) == [.alien, .heat, .amelie])
    #expect(try await list(MovieQuery(from: year1990, before: year2005)) == [.heat, .amelie, .spiritedAway])
    #expect(try await list(MovieQuery(heartedOnly: true)).contains(.up) == false)
    #expect(try await list(MovieQuery(titlePrefix: "A")) == [.alien, .amelie])
    #expect(try await list(MovieQuery(minimumRate: 8, before: year2005, titlePrefix: "A")) == [.alien, .amelie])
  }

  @Test func severalSortKeysEachWithADirection() async throws {
    let query = MovieQuery(sortKey: .rate, descending: true, thenBy: [MovieQuery.Order(.heart, descending: true)])
    #expect(try await list(query) == [.spiritedAway, .alien, .amelie, .heat, .up, .brazil])
    let byHeart = MovieQuery(sortKey: .heart)
    #expect(try await list(byHeart) == [.up, .heat, .brazil, .alien, .amelie, .spiritedAway])
  }

  @Test func aMaximumRateOutsideZeroToTenIsRefused() async throws {
    await #expect(throws: CatalogError.rateOutOfRange(11)) { try await list(MovieQuery(maximumRate: 11)) }
  }
}
