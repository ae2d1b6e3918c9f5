import Catalog
import Foundation
import Repositories
import RepositoryTesting
import Testing

/// Movie-only checks of predicates on text, dates and identifiers, and of text search with
/// `contains`, over ``Movie/samples``.
extension MovieContractFixture {
  static var searchChecks: [RepositoryContract<Self>.Check] {
    [
      check("a predicate compares ids, dates and text by value", comparesValues),
      check("contains finds a substring, case-sensitively, in any script", findsSubstrings),
      check("contains treats %, _ and \\ as plain characters", findsWildcardsLiterally),
      check("contains finds text after a NUL character", findsTextAfterNul),
    ]
  }

  private static func comparesValues(_ movies: any Repository<Movie>) async throws {
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

  private static func findsSubstrings(_ movies: any Repository<Movie>) async throws {
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

  private static func findsWildcardsLiterally(_ movies: any Repository<Movie>) async throws {
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

  private static func findsTextAfterNul(_ movies: any Repository<Movie>) async throws {
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
}
