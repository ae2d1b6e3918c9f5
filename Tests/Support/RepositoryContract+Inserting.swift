import Domain
import Foundation
import Testing

/// Checks of `insert`, and of `fetch(id:)` reading back what was inserted.
extension RepositoryContract {
  static var insertingChecks: [RepositoryContractCheck<R>] {
    [
      RepositoryContractCheck("an inserted movie can be fetched by its id") { movies in
        try await movies.insert(.alien)
        expectIdentical(try await movies.fetch(id: Movie.alien.id), .alien)
      },
      RepositoryContractCheck("a missing id fetches nil") { movies in
        #expect(try await movies.fetch(id: Movie.alien.id) == nil)
        try await movies.insert(.heat)
        #expect(try await movies.fetch(id: Movie.alien.id) == nil)
      },
      RepositoryContractCheck("edge values round-trip exactly") { movies in
        for movie in Movie.edgeCases {
          try await movies.insert(movie)
        }
        for movie in Movie.edgeCases {
          expectIdentical(try await movies.fetch(id: movie.id), movie)
        }
        #expect(try await stored(in: movies) == Movie.edgeCases)
      },
      RepositoryContractCheck("heart counts at the limits of Int round-trip") { movies in
        let extremes = [
          movie(1, "Max", heart: .max), movie(2, "Min", heart: .min),
          movie(3, "Zero", heart: 0), movie(4, "Minus one", heart: -1),
        ]
        try await movies.insert(extremes)
        for movie in extremes {
          #expect(try await movies.fetch(id: movie.id)?.heart == movie.heart)
        }
      },
      RepositoryContractCheck("dates with sub-second precision round-trip exactly") { movies in
        let dates = [
          Date(timeIntervalSinceReferenceDate: 742_135_167.123_456_7),
          Date(timeIntervalSinceReferenceDate: 0.000_001),
          Date(timeIntervalSince1970: -123_456_789.987_654_321),
          Date(timeIntervalSince1970: 1_700_000_000.000_000_1),
        ]
        let dated = dates.enumerated().map { movie(UInt8($0.offset + 1), "Dated", date: $0.element) }
        try await movies.insert(dated)
        for movie in dated {
          let date = try #require(try await movies.fetch(id: movie.id)?.date)
          #expect(date == movie.date)
          #expect(
            date.timeIntervalSinceReferenceDate.bitPattern
              == movie.date.timeIntervalSinceReferenceDate.bitPattern
          )
        }
      },
      RepositoryContractCheck("inserting a taken id throws a constraint violation and keeps the stored movie") {
        movies in
        try await movies.insert(.alien)
        var impostor = Movie.heat
        impostor.id = Movie.alien.id
        await expectConstraintViolation { try await movies.insert(impostor) }
        #expect(try await stored(in: movies) == [.alien])
      },
      RepositoryContractCheck("inserting a batch stores every movie") { movies in
        try await movies.insert(Movie.samples)
        #expect(try await stored(in: movies) == Movie.samples)
      },
      RepositoryContractCheck("a batch with a taken id stores none of its movies") { movies in
        try await movies.insert(.alien)
        var impostor = Movie.up
        impostor.id = Movie.alien.id
        await expectConstraintViolation { try await movies.insert([.heat, impostor, .brazil]) }
        #expect(try await stored(in: movies) == [.alien])
      },
      RepositoryContractCheck("a batch that repeats an id stores none of its movies") { movies in
        var twin = Movie.up
        twin.id = Movie.heat.id
        await expectConstraintViolation { try await movies.insert([.alien, .heat, twin]) }
        let remaining = try await stored(in: movies)
        #expect(remaining.isEmpty)
      },
      RepositoryContractCheck("inserting an empty batch changes nothing") { movies in
        try await movies.insert(.alien)
        try await movies.insert([Movie]())
        #expect(try await stored(in: movies) == [.alien])
      },
    ]
  }
}
