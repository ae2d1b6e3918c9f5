public import Catalog
import Foundation
import RepositoryTesting

/// Sample movies with fixed identifiers and dates, so tests can name their expected results.
///
/// Identifiers are `00000000-0000-0000-0000-0000000000NN`: samples count up from 1, edge cases
/// from 0x65 (101). Dates are midnight UTC on the day named in each comment.
///
/// ```swift
/// try await movies.insert(Movie.samples)
/// #expect(try await movies.fetch(id: Movie.alien.id) == .alien)
/// ```
extension Movie {
  /// "Alien", 1979-05-25, rated 9, hearted 3 times, with one small image.
  public static let alien = Movie(
    id: UUID(fixture: 1),
    title: "Alien",
    content: "In space no one can hear you scream.",
    images: [Data([0x89, 0x50, 0x4E, 0x47])],
    date: Date(timeIntervalSince1970: 296_438_400),
    rate: 9,
    heart: 3
  )

  /// "Heat", 1995-12-15, rated 8, hearted once.
  public static let heat = Movie(
    id: UUID(fixture: 2),
    title: "Heat",
    content: "A crew of bank robbers and the detective who hunts them.",
    date: Date(timeIntervalSince1970: 818_985_600),
    rate: 8,
    heart: 1
  )

  /// "Up", 2009-05-29, rated 7, never hearted, with empty content.
  public static let up = Movie(
    id: UUID(fixture: 3),
    title: "Up",
    date: Date(timeIntervalSince1970: 1_243_555_200),
    rate: 7
  )

  /// "Amélie", 2001-04-25, rated 8, hearted 5 times: a non-ASCII title.
  public static let amelie = Movie(
    id: UUID(fixture: 4),
    title: "Amélie",
    content: "Le fabuleux destin d'Amélie Poulain.",
    date: Date(timeIntervalSince1970: 988_156_800),
    rate: 8,
    heart: 5
  )

  /// "千と千尋の神隠し" (Spirited Away), 2001-07-20, rated 10, hearted 12 times.
  public static let spiritedAway = Movie(
    id: UUID(fixture: 5),
    title: "千と千尋の神隠し",
    content: "A girl works in a bathhouse for spirits.",
    date: Date(timeIntervalSince1970: 995_587_200),
    rate: 10,
    heart: 12
  )

  /// "Brazil", 1985-02-20, rated 6, hearted twice.
  public static let brazil = Movie(
    id: UUID(fixture: 6),
    title: "Brazil",
    content: "A bureaucrat dreams of escape.",
    date: Date(timeIntervalSince1970: 477_705_600),
    rate: 6,
    heart: 2
  )

  /// The ordinary samples, in identifier order: alien, heat, up, amélie, spirited away, brazil.
  public static let samples: [Movie] = [.alien, .heat, .up, .amelie, .spiritedAway, .brazil]
}

// MARK: - Edge values

extension Movie {
  /// A movie whose content is the empty string.
  public static let withEmptyContent = Movie(
    id: UUID(fixture: 101),
    title: "Empty",
    content: "",
    date: Date(timeIntervalSince1970: 0)
  )

  /// A movie whose title and content contain NUL characters, which C strings would cut short.
  public static let withNulCharacters = Movie(
    id: UUID(fixture: 102),
    title: "Nul\u{0}Title",
    content: "before\u{0}after\u{0}",
    date: Date(timeIntervalSince1970: 1)
  )

  /// A movie with emoji, including multi-scalar ones (a family, a flag, a skin tone).
  public static let withEmoji = Movie(
    id: UUID(fixture: 103),
    title: "🎬🍿 Movie Night 👩‍👩‍👧‍👦",
    content: "🇫🇷 and 👍🏽",
    date: Date(timeIntervalSince1970: 2)
  )

  /// A movie with one image that is empty data, which must not come back as no image or NULL.
  public static let withEmptyImage = Movie(
    id: UUID(fixture: 104),
    title: "Blank Poster",
    images: [Data()],
    date: Date(timeIntervalSince1970: 3)
  )

  /// A movie with several images: arbitrary bytes, an empty one and a 70 kB one, in that order.
  public static let withManyImages = Movie(
    id: UUID(fixture: 105),
    title: "Gallery",
    images: [Data([0x00, 0x01, 0xFE, 0xFF]), Data(), Data(repeating: 0xAB, count: 70_000)],
    date: Date(timeIntervalSince1970: 4)
  )

  /// A movie hearted `Int.max` times: the largest valid heart count, one more would overflow.
  public static let withMaximumHeart = Movie(
    id: UUID(fixture: 106),
    title: "Most Loved",
    date: Date(timeIntervalSince1970: 5),
    rate: 10,
    heart: .max
  )

  /// A movie whose date has sub-second precision, which must round-trip to the last bit.
  public static let withPreciseDate = Movie(
    id: UUID(fixture: 107),
    title: "Precise",
    date: Date(timeIntervalSinceReferenceDate: 742_135_167.123_456_7)
  )

  /// A movie whose title is exactly ``Movie/maximumTitleLength`` two-byte characters.
  public static let withLongestTitle = Movie(
    id: UUID(fixture: 108),
    title: String(repeating: "é", count: Movie.maximumTitleLength),
    date: Date(timeIntervalSince1970: 6)
  )

  /// A movie whose text looks like SQL and holds `LIKE` wildcards, quotes and a backslash.
  public static let withSQLLikeText = Movie(
    id: UUID(fixture: 109),
    title: "Robert'); DROP TABLE movies;--",
    content: "100% of 50_50 \\ \"quoted\"",
    date: Date(timeIntervalSince1970: 7)
  )

  /// Every edge-value movie; all of them obey ``MovieRules``.
  public static let edgeCases: [Movie] = [
    .withEmptyContent, .withNulCharacters, .withEmoji, .withEmptyImage, .withManyImages,
    .withMaximumHeart, .withPreciseDate, .withLongestTitle, .withSQLLikeText,
  ]
}
