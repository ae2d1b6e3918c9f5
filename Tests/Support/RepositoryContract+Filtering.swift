import Domain
import Foundation
import Testing

/// Checks of `fetch` with a predicate, over ``Movie/samples``.
///
/// The samples' ratings: alien 9, heat 8, up 7, amélie 8, spirited away 10, brazil 6.
extension RepositoryContract {
  static var filteringChecks: [RepositoryContractCheck<R>] {
    [
      RepositoryContractCheck("a predicate compares integers with >=, ==, != and <") { movies in
        try await movies.insert(Movie.samples)
        #expect(try await fetch(movies, where: #Predicate { $0.rate >= 8 }) == [.alien, .heat, .amelie, .spiritedAway])
        #expect(try await fetch(movies, where: #Predicate { $0.rate == 8 }) == [.heat, .amelie])
        #expect(try await fetch(movies, where: #Predicate { $0.rate != 8 }) == [.alien, .up, .spiritedAway, .brazil])
        #expect(try await fetch(movies, where: #Predicate { $0.rate < 8 }) == [.up, .brazil])
        #expect(try await fetch(movies, where: #Predicate { $0.heart > 2 }) == [.alien, .amelie, .spiritedAway])
        #expect(try await fetch(movies, where: #Predicate { $0.rate > 10 }) == [])
      },
      RepositoryContractCheck("a predicate combines conditions with &&, || and ! in Swift's precedence") {
        movies in
        try await movies.insert(Movie.samples)
        #expect(
          try await fetch(movies, where: #Predicate { $0.rate >= 8 && $0.title != "Heat" || $0.rate == 6 })
            == [.alien, .amelie, .spiritedAway, .brazil]
        )
        #expect(
          try await fetch(movies, where: #Predicate { $0.rate > 6 && ($0.heart == 0 || $0.heart > 4) })
            == [.up, .amelie, .spiritedAway]
        )
        #expect(try await fetch(movies, where: #Predicate { !($0.rate < 9) }) == [.alien, .spiritedAway])
      },
      RepositoryContractCheck("a constant predicate keeps every movie or none") { movies in
        try await movies.insert(Movie.samples)
        #expect(try await fetch(movies, where: #Predicate { _ in true }) == Movie.samples)
        #expect(try await fetch(movies, where: #Predicate { _ in false }) == [])
      },
      RepositoryContractCheck("a predicate compares identifiers, dates and text by value") { movies in
        try await movies.insert(Movie.samples)
        let id = Movie.heat.id
        let millennium = Date(timeIntervalSinceReferenceDate: 0)
        #expect(try await fetch(movies, where: #Predicate { $0.id == id }) == [.heat])
        #expect(try await fetch(movies, where: #Predicate { $0.date >= millennium }) == [.up, .amelie, .spiritedAway])
        #expect(try await fetch(movies, where: #Predicate { $0.title == "Amélie" }) == [.amelie])
        #expect(try await fetch(movies, where: #Predicate { $0.content == "" }) == [.up])
      },
      RepositoryContractCheck("contains finds a substring, case-sensitively, in any script") { movies in
        try await movies.insert(Movie.samples)
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("li") }) == [.alien, .amelie])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("ALIEN") }) == [])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("alien") }) == [])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("é") }) == [.amelie])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("千尋") }) == [.spiritedAway])
        #expect(try await fetch(movies, where: #Predicate { $0.content.contains("space") }) == [.alien])
      },
      RepositoryContractCheck("contains treats %, _ and \\ as plain characters") { movies in
        let percent = movie(1, "100% Wolf")
        let underscore = movie(2, "Snake_Eyes")
        let backslash = movie(3, #"Back\slash"#)
        try await movies.insert([percent, movie(4, "1000 Days"), underscore, movie(5, "SnakeXEyes"), backslash])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("100%") }) == [percent])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("%") }) == [percent])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("e_E") }) == [underscore])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("_") }) == [underscore])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains(#"\"#) }) == [backslash])
      },
      RepositoryContractCheck("contains finds text after a NUL character") { movies in
        try await movies.insert([.withNulCharacters, .alien])
        #expect(try await fetch(movies, where: #Predicate { $0.content.contains("after") }) == [.withNulCharacters])
        #expect(try await fetch(movies, where: #Predicate { $0.title.contains("Title") }) == [.withNulCharacters])
      },
    ]
  }
}
