public import Foundation

/// What to fetch from a ``Repository``: a filter, a sort order and a page.
///
/// The same descriptor means the same thing to every repository: the SQLite repository
/// translates it to SQL, the in-memory one evaluates it in Swift, and the two agree.
///
/// <!-- snippet context: movies -->
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
  /// The properties to read, as in SwiftData; empty (the default) reads every property.
  ///
  /// A store reads only the listed properties (and the identifier), so a listing need not
  /// load what it does not show — above all attributes kept in external files. A property
  /// that is not listed holds an empty value: `nil`, zero, `false`, an empty string, an empty
  /// collection, or the reference date; an externally stored `Data` is empty and an
  /// externally stored `[Data]` holds one empty `Data` per stored file, so its count stays
  /// true. A store may read more than it is asked for (the in-memory one reads everything).
  /// Write such a model back only with ``Repository/update(id:properties:_:)``, which stores
  /// only the listed properties.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// var descriptor = FetchDescriptor<Movie>()
  /// descriptor.propertiesToFetch = [\.title, \.date]
  /// ```
  public var propertiesToFetch: [any PartialKeyPath<Model> & Sendable] = []

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
