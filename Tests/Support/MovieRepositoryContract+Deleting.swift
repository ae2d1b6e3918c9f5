import Catalog
import Foundation
import Repositories
import Testing

/// Checks of `delete` (a model, an id, many ids) and `deleteAll`.
extension MovieRepositoryContract {
  static var deletingChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("deleting a movie or an id removes only that movie", body: deletesOne),
      .init("deleting an unknown movie or id fails and deletes nothing", body: rejectsUnknownOne),
      .init("deleting many ids removes every listed movie", body: deletesMany),
      .init("deleting ids with unknown ones names the first, deletes none", body: rejectsMany),
      .init("deleting no ids changes nothing", body: deletesNone),
      .init("deleteAll returns how many it deleted and empties the store", body: deletesAll),
      .init("a deleted movie's id can be inserted again", body: reusesDeletedIDs),
      .init("deleting where a predicate matches removes those and returns how many", body: deletesWhere),
    ]
  }

  private static func deletesOne(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    try await movies.delete(.alien)
    try await movies.delete(id: Movie.up.id)
    #expect(try await stored(in: movies) == [.heat, .amelie, .spiritedAway, .brazil])
    #expect(try await movies.fetch(id: Movie.alien.id) == nil)
  }

  private static func rejectsUnknownOne(_ movies: R) async throws {
    try await movies.insert(.alien)
    let notFound = RepositoryError.notFound(id: String(describing: Movie.heat.id))
    await #expect(throws: notFound) { try await movies.delete(.heat) }
    await #expect(throws: notFound) { try await movies.delete(id: Movie.heat.id) }
    #expect(try await stored(in: movies) == [.alien])
  }

  private static func deletesMany(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    try await movies.delete(ids: [Movie.up.id, Movie.alien.id, Movie.brazil.id])
    #expect(try await stored(in: movies) == [.heat, .amelie, .spiritedAway])
  }

  private static func rejectsMany(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let missing = [UUID(fixture: 200), UUID(fixture: 201)]
    await #expect(throws: RepositoryError.notFound(id: String(describing: missing[0]))) {
      try await movies.delete(ids: [Movie.alien.id, missing[0], Movie.heat.id, missing[1]])
    }
    #expect(try await stored(in: movies) == Movie.samples)
  }

  private static func deletesNone(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    try await movies.delete(ids: [])
    #expect(try await stored(in: movies) == Movie.samples)
  }

  private static func deletesAll(_ movies: R) async throws {
    try await movies.insert(Movie.samples + Movie.edgeCases)
    #expect(try await movies.deleteAll() == Movie.samples.count + Movie.edgeCases.count)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 0)
    #expect(try await movies.fetchAll() == [])
    #expect(try await movies.deleteAll() == 0)
  }

  private static func reusesDeletedIDs(_ movies: R) async throws {
    try await movies.insert([.alien, .heat])
    try await movies.delete(.alien)
    try await movies.deleteAll()
    try await movies.insert([.alien, .heat])
    #expect(try await stored(in: movies) == [.alien, .heat])
  }

  private static func deletesWhere(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let best = Movie.samples.map(\.rate).max() ?? 0
    let expected = Movie.samples.filter { $0.rate < best }
    let deleted = try await movies.delete(where: #Predicate { $0.rate == best })
    #expect(deleted == Movie.samples.count - expected.count)
    #expect(try await stored(in: movies) == expected)
    #expect(try await movies.delete(where: #Predicate { $0.rate > 10 }) == 0)
    #expect(try await stored(in: movies) == expected)
  }
}
