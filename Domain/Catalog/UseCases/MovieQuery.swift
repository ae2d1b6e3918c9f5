public import Foundation

/// What a person asks of the catalog's list: filters, an order and a page.
///
/// Every filter is optional; those left `nil` (or `false`) keep every movie.
public struct MovieQuery: Sendable, Equatable {
  /// A field a list can be ordered by.
  public enum SortKey: String, Sendable, CaseIterable {
    /// By date.
    case date
    /// By rating.
    case rate
    /// By title.
    case title
    /// By heart count.
    case heart
  }

  /// One level of ordering: a field and a direction.
  public struct Order: Sendable, Equatable {
    /// The field.
    public var key: SortKey
    /// Whether larger values come first.
    public var descending: Bool

    /// Creates one level of ordering.
    public init(_ key: SortKey, descending: Bool = false) {
      self.key = key
      self.descending = descending
    }
  }

  /// Keep only movies rated at least this.
  public var minimumRate: Int?
  /// Keep only movies rated at most this.
  public var maximumRate: Int?
  /// Keep only movies dated at or after this instant.
  public var from: Date?
  /// Keep only movies dated before this instant.
  public var before: Date?
  /// Keep only movies with at least one heart.
  public var heartedOnly: Bool
  /// Keep only movies whose title starts with this text (case-sensitive).
  public var titlePrefix: String?
  /// Keep only movies whose title or content contains this text (case-sensitive).
  public var searchText: String?
  /// Keep only movies with these identifiers.
  public var ids: [UUID]?
  /// Keep only movies with the tag of this identifier (``MovieTags/tagID(named:)``), found in
  /// the store through its links, however many movies have it.
  public var tagID: UUID?
  /// The order of the list: the first level decides, later ones break ties. Title and id
  /// always break any remaining ties, so the order is total and pages never overlap.
  public var order: [Order]
  /// The most movies to return.
  public var limit: Int?
  /// How many movies to skip (after ``after``, when it is set).
  public var offset: Int
  /// The identifier of the movie the page comes after in ``order`` — the last movie of the
  /// previous page. Only its values count, so it may no longer match the filters.
  public var after: UUID?

  /// Creates a query; by default every movie, by date.
  ///
  /// `sortKey` and `descending` give the first level of order, `thenBy` any further ones.
  public init(
    minimumRate: Int? = nil,
    maximumRate: Int? = nil,
    from: Date? = nil,
    before: Date? = nil,
    heartedOnly: Bool = false,
    titlePrefix: String? = nil,
    searchText: String? = nil,
    ids: [UUID]? = nil,
    tagID: UUID? = nil,
    sortKey: SortKey = .date,
    descending: Bool = false,
    thenBy: [Order] = [],
    limit: Int? = nil,
    offset: Int = 0,
    after: UUID? = nil
  ) {
    self.minimumRate = minimumRate
    self.maximumRate = maximumRate
    self.from = from
    self.before = before
    self.heartedOnly = heartedOnly
    self.titlePrefix = titlePrefix
    self.searchText = searchText
    self.ids = ids
    self.tagID = tagID
    self.order = [Order(sortKey, descending: descending)] + thenBy
    self.limit = limit
    self.offset = offset
    self.after = after
  }
}
