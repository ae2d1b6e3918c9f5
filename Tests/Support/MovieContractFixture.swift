public import Catalog
import Foundation
public import RepositoryTesting

/// How the generic `RepositoryContract` makes movies: seeded ones rated 0–10 (so ratings
/// repeat), changed by a heart, queried by rating, with ``Movie/edgeCases`` as edge values;
/// and the catalog's movie-only checks (text search, images, partial updates, sorting by each
/// field), run after the contract's through the same entry point.
///
/// ```swift
/// try await RepositoryContract(MovieContractFixture()).run(check) { .inMemory(keys: MovieContractFixture.keys) }
/// ```
public struct MovieContractFixture: RepositoryContractFixture {
  /// A movie's identifier and its unique key, as `Movie`'s `Entity` declares it in
  /// CatalogStorage: no two movies share both a title and a date.
  public static let keys = ModelKeys<Movie>(id: \.id, unique: [UniqueKey(\.title, \.date)])

  /// A movie's identifier and unique key.
  public var keys: ModelKeys<Movie> { Self.keys }
  /// The rating.
  public var attribute: any KeyPath<Movie, Int> & Sendable { \.rate }
  /// ``Movie/edgeCases``.
  public var edgeCases: [Movie] { Movie.edgeCases }

  /// The catalog's movie-only checks, over ``Movie/samples``.
  public var additionalChecks: [RepositoryContract<Self>.Check] {
    Self.searchChecks + Self.sortingChecks + Self.partialChecks + Self.aggregatingChecks
  }

  /// Creates the fixture.
  public init() {}

  /// A movie titled "Movie `number`" with an identifier made of the number (below 200), and a
  /// random date, rating, heart count, runtime and content.
  public func model(_ number: Int, using generator: inout SplitMix64) -> Movie {
    let contents = ["", "Seen twice.", "A heist.", "千と千尋", "100% fun"]
    return Movie(
      id: UUID(fixture: UInt8(20 + number)),
      title: "Movie \(number)",
      content: contents[Int.random(in: contents.indices, using: &generator)],
      date: Date(timeIntervalSince1970: Double(Int.random(in: -1_000_000...2_000_000, using: &generator)) * 997),
      rate: Int.random(in: Movie.rateRange, using: &generator),
      heart: Int.random(in: 0...50, using: &generator),
      runtime: Bool.random(using: &generator) ? Int.random(in: 60...240, using: &generator) : nil
    )
  }

  /// The movie hearted once more, with a note added.
  public func changing(_ movie: Movie) -> Movie {
    var changed = movie
    changed.heart = movie.heart == .max ? 0 : movie.heart + 1
    changed.content += " Seen again."
    return changed
  }
}
