import Catalog
import Foundation
import Repositories
import Testing

/// Checks of `fetch` with a predicate, over ``Movie/samples``.
///
/// The samples' ratings: alien 9, heat 8, up 7, amélie 8, spirited away 10, brazil 6.
extension MovieRepositoryContract {
  static var filteringChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("fetching ids returns the stored ones in the order asked, each once", body: fetchesIDs),
      .init("a predicate compares integers with >=, ==, != and <", body: comparesIntegers),
      .init("a predicate combines &&, || and ! in Swift's precedence", body: combinesConditions),
      .init("a constant predicate keeps every movie or none", body: keepsAllOrNone),
      .init("a predicate compares ids, dates and text by value", body: comparesValues),
      .init("contains finds a substring, case-sensitively, in any script", body: findsSubstrings),
      .init("contains treats %, _ and \\ as plain characters", body: findsWildcardsLiterally),
      .init("contains finds text after a NUL character", body: findsTextAfterNul),
    ]
  }

  private static func comparesIntegers(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(
      try await fetch(movies, where: #Predicate { $0.rate >= 8 })
        == [.alien, .heat, .amelie, .spiritedAway]
    )
    #expect(try await fetch(movies, where: #Predicate { $0.rate == 8 }) == [.heat, .amelie])
    #expect(
      try await fetch(movies, where: #Predicate { $0.rate != 8 })
        == [.alien, .up, .spiritedAway, .brazil]
    )
    #expect(try await fetch(movies, where: #Predicate { $0.rate < 8 }) == [.up, .brazil])
    #expect(
      try await fetch(movies, where: #Predicate { $0.heart > 2 })
        == [.alien, .amelie, .spiritedAway]
    )
    #expect(try await fetch(movies, where: #Predicate { $0.rate > 10 }) == [])
  }

  private static func combinesConditions(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let andBeforeOr = #Predicate<Movie> { $0.rate >= 8 && $0.title != "Heat" || $0.rate == 6 }
    let grouped = #Predicate<Movie> { $0.rate > 6 && ($0.heart == 0 || $0.heart > 4) }
    #expect(
      try await fetch(movies, where: andBeforeOr) == [.alien, .amelie, .spiritedAway, .brazil]
    )
    #expect(try await fetch(movies, where: grouped) == [.up, .amelie, .spiritedAway])
    #expect(
      try await fetch(movies, where: #Predicate { !($0.rate < 9) }) == [.alien, .spiritedAway]
    )
  }

  private static func keepsAllOrNone(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(try await fetch(movies, where: #Predicate { _ in true }) == Movie.samples)
    #expect(try await fetch(movies, where: #Predicate { _ in false }) == [])
  }

  private static func comparesValues(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let id = Movie.heat.id
    let millennium = Date(timeIntervalSinceReferenceDate: 0)
    #expect(try await fetch(movies, where: #Predicate { $0.id == id }) == [.heat])
    #expect(
      try await fetch(movies, where: #Predicate { $0.date >= millennium })
        == [.up, .amelie, .spiritedAway]
    )
    #expect(try await fetch(movies, where: #Predicate { $0.title == "Amélie" }) == [.amelie])
    #expect(try await fetch(movies, where: #Predicate { $0.content == "" }) == [.up])
  }

  private static func findsSubstrings(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(
      try await fetch(movies, where: #Predicate { $0.title.contains("li") }) == [.alien, .amelie]
    )
    #expect(try await fetch(movies, where: #Predicate { $0.title.contains("ALIEN") }) == [])
    #expect(try await fetch(movies, where: #Predicate { $0.title.contains("alien") }) == [])
    #expect(try await fetch(movies, where: #Predicate { $0.title.contains("é") }) == [.amelie])
    #expect(
      try await fetch(movies, where: #Predicate { $0.title.contains("千尋") }) == [.spiritedAway]
    )
    #expect(
      try await fetch(movies, where: #Predicate { $0.content.contains("space") }) == [.alien]
    )
  }

  private static func findsWildcardsLiterally(_ movies: R) async throws {
    let percent = movie(1, "100% Wolf")
    let underscore = movie(2, "Snake_Eyes")
    let backslash = movie(3, #"Back\slash"#)
    let lookalikes = [movie(4, "1000 Days"), movie(5, "SnakeXEyes"), movie(6, "Backslash")]
    try await movies.insert([percent, underscore, backslash] + lookalikes)
    #expect(try await fetch(movies, where: #Predicate { $0.title.contains("100%") }) == [percent])
    #expect(try await fetch(movies, where: #Predicate { $0.title.contains("%") }) == [percent])
    #expect(
      try await fetch(movies, where: #Predicate { $0.title.contains("e_E") }) == [underscore]
    )
    #expect(try await fetch(movies, where: #Predicate { $0.title.contains("_") }) == [underscore])
    #expect(
      try await fetch(movies, where: #Predicate { $0.title.contains(#"k\s"#) }) == [backslash]
    )
  }

  private static func findsTextAfterNul(_ movies: R) async throws {
    try await movies.insert([.withNulCharacters, .alien])
    #expect(
      try await fetch(movies, where: #Predicate { $0.content.contains("after") })
        == [.withNulCharacters]
    )
    #expect(
      try await fetch(movies, where: #Predicate { $0.title.contains("Title") })
        == [.withNulCharacters]
    )
  }

  private static func fetchesIDs(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let missing = UUID(fixture: 250)
    let fetched = try await movies.fetch(ids: [Movie.up.id, missing, Movie.alien.id, Movie.up.id])
    #expect(fetched == [.up, .alien])
    #expect(try await movies.fetch(ids: []) == [])
  }
}
