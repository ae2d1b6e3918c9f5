import Foundation

/// What a person asks of the catalog's list: a filter, an order and a page.
public struct MovieQuery: Sendable, Equatable {
  /// The field a list is ordered by.
  public enum SortKey: String, Sendable, CaseIterable {
    /// By date, then title.
    case date
    /// By rating, then title.
    case rate
    /// By title, then date.
    case title
  }

  /// Keep only movies rated at least this.
  public var minimumRate: Int?
  /// Keep only movies whose title or content contains this text (case-sensitive).
  public var searchText: String?
  /// The order of the list.
  public var sortKey: SortKey
  /// Whether the order is descending.
  public var descending: Bool
  /// The most movies to return.
  public var limit: Int?
  /// How many movies to skip.
  public var offset: Int

  /// Creates a query; by default every movie, by date.
  public init(
    minimumRate: Int? = nil,
    searchText: String? = nil,
    sortKey: SortKey = .date,
    descending: Bool = false,
    limit: Int? = nil,
    offset: Int = 0
  ) {
    self.minimumRate = minimumRate
    self.searchText = searchText
    self.sortKey = sortKey
    self.descending = descending
    self.limit = limit
    self.offset = offset
  }
}
