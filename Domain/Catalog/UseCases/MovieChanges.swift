public import Foundation

/// The fields of a movie to change; `nil` leaves a field as it is.
public struct MovieChanges: Sendable, Equatable {
  /// A new title.
  public var title: String?
  /// New content.
  public var content: String?
  /// New images, replacing all of the old ones.
  public var images: [Data]?
  /// A new date.
  public var date: Date?
  /// A new rating.
  public var rate: Int?
  /// A new heart count.
  public var heart: Int?
  /// A new running time in minutes.
  public var runtime: Int?

  /// Creates a set of changes.
  public init(
    title: String? = nil,
    content: String? = nil,
    images: [Data]? = nil,
    date: Date? = nil,
    rate: Int? = nil,
    heart: Int? = nil,
    runtime: Int? = nil
  ) {
    self.title = title
    self.content = content
    self.images = images
    self.date = date
    self.rate = rate
    self.heart = heart
    self.runtime = runtime
  }

  /// Whether no field is changed.
  public var isEmpty: Bool { self == MovieChanges() }

  /// Returns a movie with these changes applied.
  public func applied(to movie: Movie) -> Movie {
    var changed = movie
    if let title { changed.title = title }
    if let content { changed.content = content }
    if let images { changed.images = images }
    if let date { changed.date = date }
    if let rate { changed.rate = rate }
    if let heart { changed.heart = heart }
    if let runtime { changed.runtime = runtime }
    return changed
  }
}
