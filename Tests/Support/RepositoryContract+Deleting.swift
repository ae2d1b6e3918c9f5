import Domain
import Foundation
import Testing

/// Checks of `delete` (a model, an id, many ids) and `deleteAll`.
extension RepositoryContract {
  static var deletingChecks: [RepositoryContractCheck<R>] {
    [
      RepositoryContractCheck("deleting a movie or an id removes only that movie") { movies in
        try await movies.insert(Movie.samples)
        try await movies.delete(.alien)
        try await movies.delete(id: Movie.up.id)
        #expect(try await stored(in: movies) == [.heat, .amelie, .spiritedAway, .brazil])
        #expect(try await movies.fetch(id: Movie.alien.id) == nil)
      },
      RepositoryContractCheck("deleting an unknown movie or id throws not found and deletes nothing") {
        movies in
        try await movies.insert(.alien)
        let notFound = RepositoryError.notFound(id: String(describing: Movie.heat.id))
        await #expect(throws: notFound) { try await movies.delete(.heat) }
        await #expect(throws: notFound) { try await movies.delete(id: Movie.heat.id) }
        #expect(try await stored(in: movies) == [.alien])
      },
      RepositoryContractCheck("deleting many ids removes every listed movie") { movies in
        try await movies.insert(Movie.samples)
        try await movies.delete(ids: [Movie.up.id, Movie.alien.id, Movie.brazil.id])
        #expect(try await stored(in: movies) == [.heat, .amelie, .spiritedAway])
      },
      RepositoryContractCheck("deleting ids with an unknown one names the first unknown and deletes nothing") {
        movies in
        try await movies.insert(Movie.samples)
        let missing = [UUID(fixture: 200), UUID(fixture: 201)]
        await #expect(throws: RepositoryError.notFound(id: String(describing: missing[0]))) {
          try await movies.delete(ids: [Movie.alien.id, missing[0], Movie.heat.id, missing[1]])
        }
        #expect(try await stored(in: movies) == Movie.samples)
      },
      RepositoryContractCheck("deleting no ids changes nothing") { movies in
        try await movies.insert(Movie.samples)
        try await movies.delete(ids: [])
        #expect(try await stored(in: movies) == Movie.samples)
      },
      RepositoryContractCheck("deleteAll returns how many movies it deleted and empties the store") {
        movies in
        try await movies.insert(Movie.samples + Movie.edgeCases)
        #expect(try await movies.deleteAll() == Movie.samples.count + Movie.edgeCases.count)
        #expect(try await movies.fetchCount(FetchDescriptor()) == 0)
        #expect(try await movies.fetchAll() == [])
        #expect(try await movies.deleteAll() == 0)
      },
      RepositoryContractCheck("a deleted movie's id can be inserted again") { movies in
        try await movies.insert([.alien, .heat])
        try await movies.delete(.alien)
        try await movies.deleteAll()
        try await movies.insert([.alien, .heat])
        #expect(try await stored(in: movies) == [.alien, .heat])
      },
    ]
  }
}
