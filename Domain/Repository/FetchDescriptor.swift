import Foundation

/// What to fetch from a ``Repository``: a filter, a sort order and a page.
///
/// The same descriptor means the same thing to every repository: the SQLite repository
/// translates it to SQL, the in-memory one evaluates it in Swift, and the two agree.
///
/// ```swift
/// var descriptor = FetchDescriptor<Movie>(
///   predicate: #Predicate { $0.rate >= 8 },
///   sortBy: [SortDescriptor(\.date, order: .reverse)]
/// )
/// descriptor.fetchLimit = 10
/// ```
public struct FetchDescriptor<Model>: Sendable {
  /// The models to keep; `nil` keeps them all.
  public var predicate: Predicate<Model>?
  /// The order of the results; the first descriptor decides, later ones break ties.
  public var sortBy: [SortDescriptor<Model>]
  /// The most results to return; `nil` returns them all.
  public var fetchLimit: Int?
  /// How many matching results to skip before the first one returned.
  public var fetchOffset: Int?

  /// Creates a descriptor.
  public init(
    predicate: Predicate<Model>? = nil,
    sortBy: [SortDescriptor<Model>] = [],
    fetchLimit: Int? = nil,
    fetchOffset: Int? = nil
  ) {
    self.predicate = predicate
    self.sortBy = sortBy
    self.fetchLimit = fetchLimit
    self.fetchOffset = fetchOffset
  }
}
