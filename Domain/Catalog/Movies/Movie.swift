public import Foundation

/// A movie in a personal catalog.
///
/// `Movie` is a plain value: it is `Sendable`, so it crosses actors and tasks freely, and it
/// knows nothing of how it is stored. How it is persisted (table, indexes, …) is declared in
/// the Data layer.
///
/// ```swift
/// let alien = Movie(title: "Alien", date: .now, rate: 9)
/// ```
public struct Movie: Codable, Sendable, Hashable, Identifiable {
  /// The movie's stable identifier.
  public var id: UUID
  /// The title, between 1 and ``Movie/maximumTitleLength`` characters.
  public var title: String
  /// Free text: an overview or personal notes.
  public var content: String
  /// Images (posters, stills) as encoded image files.
  public var images: [Data]
  /// The date the movie is catalogued under (a release or viewing date).
  public var date: Date
  /// A rating from 0 to 10.
  public var rate: Int
  /// How many times the movie was hearted.
  public var heart: Int
  /// The running time in minutes, when known.
  public var runtime: Int?

  /// The longest title a movie may have, in characters.
  public static let maximumTitleLength = 200
  /// The valid ratings.
  public static let rateRange = 0...10

  /// Creates a movie.
  public init(
    id: UUID = UUID(),
    title: String,
    content: String = "",
    images: [Data] = [],
    date: Date,
    rate: Int = 0,
    heart: Int = 0,
    runtime: Int? = nil
  ) {
    self.id = id
    self.title = title
    self.content = content
    self.images = images
    self.date = date
    self.rate = rate
    self.heart = heart
    self.runtime = runtime
  }
}
