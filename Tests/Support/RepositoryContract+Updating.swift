import Domain
import Foundation
import Testing

/// Checks of `update`.
extension RepositoryContract {
  static var updatingChecks: [RepositoryContractCheck<R>] {
    [
      RepositoryContractCheck("update replaces every field of the stored movie and only that movie") {
        movies in
        try await movies.insert(Movie.samples)
        let changed = Movie(
          id: Movie.alien.id,
          title: "Aliens",
          content: "This time it's war.\u{0}",
          images: [Data(), Data([1, 2, 3])],
          date: Date(timeIntervalSinceReferenceDate: -473_385_600.5),
          rate: 10,
          heart: .max
        )
        try await movies.update(changed)
        expectIdentical(try await movies.fetch(id: Movie.alien.id), changed)
        #expect(try await stored(in: movies) == [changed] + Movie.samples.dropFirst())
      },
      RepositoryContractCheck("update can store edge values") { movies in
        try await movies.insert(.alien)
        for edge in Movie.edgeCases {
          var changed = edge
          changed.id = Movie.alien.id
          try await movies.update(changed)
          expectIdentical(try await movies.fetch(id: Movie.alien.id), changed)
        }
      },
      RepositoryContractCheck("updating an unknown id throws not found and changes nothing") { movies in
        try await movies.insert(.alien)
        await #expect(throws: RepositoryError.notFound(id: String(describing: Movie.heat.id))) {
          try await movies.update(.heat)
        }
        #expect(try await stored(in: movies) == [.alien])
      },
    ]
  }
}
