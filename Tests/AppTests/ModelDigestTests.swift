import Catalog
import Foundation
import Testing

@testable import MoviesCLI

@Suite("The digest store copy compares: count and checksum of a model's values")
struct ModelDigestTests {
  static let movies = (0..<5).map {
    Movie(title: "Movie \($0)", images: [Data([UInt8($0), 0, 255])], date: Date(timeIntervalSinceReferenceDate: 0.25))
  }

  func digest(_ movies: [Movie]) throws -> ModelDigest {
    var digest = ModelDigest()
    for movie in movies { try digest.add(movie) }
    return digest
  }

  @Test func theOrderOfReadingDoesNotCount() throws {
    #expect(try digest(Self.movies) == digest(Self.movies.reversed()))
  }

  @Test func aChangedValueAMissingModelOrADoubledOneChangesIt() throws {
    let all = try digest(Self.movies)
    var changed = Self.movies
    changed[2].images[0][1] = 1
    #expect(try digest(changed) != all)
    changed = Self.movies
    changed[3].date = Date(timeIntervalSinceReferenceDate: 0.250001)
    #expect(try digest(changed) != all)
    #expect(try digest(Array(Self.movies.dropLast())) != all)
    // Two models swapping a value: each hash changes, so the sum does.
    changed = Self.movies
    (changed[0].title, changed[1].title) = (changed[1].title, changed[0].title)
    #expect(try digest(changed) != all)
    #expect(try digest(Self.movies + [Self.movies[0]]) != digest(Self.movies + [Self.movies[1]]))
  }
}
