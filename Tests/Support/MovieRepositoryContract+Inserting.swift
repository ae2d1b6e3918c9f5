import Catalog
import Foundation
import Repositories
import Testing

/// Checks of `insert`, and of `fetch(id:)` reading back what was inserted.
extension MovieRepositoryContract {
  static var insertingChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("upsert inserts new movies and replaces stored ones in place", body: upserts),
      .init("an inserted movie can be fetched by its id", body: fetchesInsertedMovie),
      .init("a missing id fetches nil", body: fetchesNilForMissingID),
      .init("edge values round-trip exactly", body: roundTripsEdgeValues),
      .init("heart counts at the limits of Int round-trip", body: roundTripsIntLimits),
      .init("dates with sub-second precision round-trip exactly", body: roundTripsPreciseDates),
      .init("inserting a taken id fails and keeps the stored movie", body: rejectsTakenID),
      .init("inserting a batch stores every movie", body: insertsBatch),
      .init("a batch with a taken id stores none of its movies", body: rejectsBatchWithTakenID),
      .init("a batch that repeats an id stores none of its movies", body: rejectsBatchRepeatingID),
      .init("inserting an empty batch changes nothing", body: insertsEmptyBatch),
      .init("concurrent inserts from many tasks are all stored", body: insertsConcurrently),
    ]
  }

  private static func fetchesInsertedMovie(_ movies: R) async throws {
    try await movies.insert(.alien)
    expectIdentical(try await movies.fetch(id: Movie.alien.id), .alien)
  }

  private static func fetchesNilForMissingID(_ movies: R) async throws {
    #expect(try await movies.fetch(id: Movie.alien.id) == nil)
    try await movies.insert(.heat)
    #expect(try await movies.fetch(id: Movie.alien.id) == nil)
  }

  private static func roundTripsEdgeValues(_ movies: R) async throws {
    for movie in Movie.edgeCases {
      try await movies.insert(movie)
    }
    for movie in Movie.edgeCases {
      expectIdentical(try await movies.fetch(id: movie.id), movie)
    }
    #expect(try await stored(in: movies) == Movie.edgeCases)
  }

  private static func roundTripsIntLimits(_ movies: R) async throws {
    let extremes = [
      movie(1, "Max", heart: .max), movie(2, "Min", heart: .min),
      movie(3, "Zero", heart: 0), movie(4, "Minus one", heart: -1),
    ]
    try await movies.insert(extremes)
    for movie in extremes {
      #expect(try await movies.fetch(id: movie.id)?.heart == movie.heart)
    }
  }

  private static func roundTripsPreciseDates(_ movies: R) async throws {
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
      #expect(
        date.timeIntervalSinceReferenceDate.bitPattern
          == movie.date.timeIntervalSinceReferenceDate.bitPattern
      )
    }
  }

  private static func rejectsTakenID(_ movies: R) async throws {
    try await movies.insert(.alien)
    var impostor = Movie.heat
    impostor.id = Movie.alien.id
    await expectConstraintViolation { try await movies.insert(impostor) }
    #expect(try await stored(in: movies) == [.alien])
  }

  private static func insertsBatch(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    #expect(try await stored(in: movies) == Movie.samples)
  }

  private static func rejectsBatchWithTakenID(_ movies: R) async throws {
    try await movies.insert(.alien)
    var impostor = Movie.up
    impostor.id = Movie.alien.id
    await expectConstraintViolation { try await movies.insert([.heat, impostor, .brazil]) }
    #expect(try await stored(in: movies) == [.alien])
  }

  private static func rejectsBatchRepeatingID(_ movies: R) async throws {
    var twin = Movie.up
    twin.id = Movie.heat.id
    await expectConstraintViolation { try await movies.insert([.alien, .heat, twin]) }
    let remaining = try await stored(in: movies)
    #expect(remaining.isEmpty)
  }

  private static func insertsEmptyBatch(_ movies: R) async throws {
    try await movies.insert(.alien)
    try await movies.insert([Movie]())
    #expect(try await stored(in: movies) == [.alien])
  }

  private static func insertsConcurrently(_ movies: R) async throws {
    let many = (1...50).map { movie(UInt8($0), "Movie \($0)") }
    try await withThrowingTaskGroup { group in
      for movie in many {
        group.addTask { try await movies.insert(movie) }
      }
      try await group.waitForAll()
    }
    #expect(try await stored(in: movies) == many)
  }

  private static func upserts(_ movies: R) async throws {
    try await movies.insert([.alien, .heat])
    var alien = Movie.alien
    alien.rate = 1
    alien.content = "Seen again."
    try await movies.upsert([.up, alien])
    #expect(try await stored(in: movies) == [alien, .heat, .up])
    try await movies.upsert(alien)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 3)
  }
}
