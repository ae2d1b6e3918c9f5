import Catalog
import Foundation
import Repositories
import RepositoryTesting
import Testing

/// Small steps the movie-only checks share.
extension MovieContractFixture {
  /// A check of the contract that needs only the repository of movies.
  static func check(
    _ name: String, _ body: @escaping @Sendable (any Repository<Movie>) async throws -> Void
  ) -> RepositoryContract<Self>.Check {
    .init(name) { _, subject in try await body(subject.repository) }
  }

  /// Returns the movies that match a predicate, ordered by identifier.
  static func fetch(_ movies: any Repository<Movie>, where predicate: Predicate<Movie>) async throws -> [Movie] {
    try await movies.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.id)]))
  }

  /// Returns the titles of the movies a descriptor fetches, in order.
  static func titles(_ movies: any Repository<Movie>, _ descriptor: FetchDescriptor<Movie>) async throws -> [String] {
    try await movies.fetch(descriptor).map(\.title)
  }

  /// Makes a plain movie with a fixture identifier, for checks that need many of them.
  static func movie(
    _ number: UInt8,
    _ title: String,
    rate: Int = 5,
    heart: Int = 0,
    date: Date = Date(timeIntervalSince1970: 0)
  ) -> Movie {
    Movie(id: UUID(fixture: number), title: title, date: date, rate: rate, heart: heart)
  }

  /// Expects two movies to be equal, and their text to be equal byte for byte.
  ///
  /// `String`'s `==` treats canonically equivalent text as equal; a store must give back the
  /// very same UTF-8 it was given.
  static func expectIdentical(
    _ fetched: Movie?,
    _ expected: Movie,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(fetched == expected, sourceLocation: sourceLocation)
    #expect(
      fetched.map { Array($0.title.utf8) } == Array(expected.title.utf8),
      "title bytes differ",
      sourceLocation: sourceLocation
    )
    #expect(
      fetched.map { Array($0.content.utf8) } == Array(expected.content.utf8),
      "content bytes differ",
      sourceLocation: sourceLocation
    )
  }
}
