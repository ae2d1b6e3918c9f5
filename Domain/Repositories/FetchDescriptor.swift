public import Foundation

/// What to fetch from a ``Repository``: a filter, a sort order and a page.
///
/// A page is asked for by position, with ``after`` (keyset paging: the page after the last
/// model of the previous one, found through an index however deep it lies), or by count, with
/// ``fetchOffset`` (which reads and skips every model before the page).
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
  /// How many matching results to skip before the first one returned; with ``after``, how
  /// many to skip after that position.
  public var fetchOffset: Int?
  /// The model ``after`` returns models after, kept without its type so that the descriptor
  /// stays `Sendable` whatever its model; read it through ``after``.
  package var afterModel: (any Sendable)?
  /// The conditions on models of other types, added with ``keepReferenced(by:to:where:)``.
  package var referenceFilters: [any ReferenceFilter<Model>] = []
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

extension FetchDescriptor where Model: Identifiable & Sendable {
  /// Keyset paging: only the models that come after this one in the sort order — the page
  /// after the last model of the previous page.
  ///
  /// The position is the model's values of the ``sortBy`` key paths and then its identifier,
  /// which breaks every tie, so walking page after page returns each matching model exactly
  /// once, in the order of one fetch of them all. Only the values count: the model need not
  /// still be stored, nor be unchanged since it was read. A store with an index on the sort
  /// attributes finds the page through it, so the thousandth page costs what the first does,
  /// where ``fetchOffset`` reads and skips every model before the page. With both, `fetchOffset`
  /// skips that many models after the position; ``Repository/fetchCount(_:)`` counts the
  /// models after the position.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date, order: .reverse)])
  /// descriptor.fetchLimit = 20
  /// var page = try await movies.fetch(descriptor)
  /// while let last = page.last {
  ///   descriptor.after = last
  ///   page = try await movies.fetch(descriptor)
  /// }
  /// ```
  ///
  /// The model must hold its real values of the sort key paths: one fetched with
  /// ``propertiesToFetch`` that leaves a sort key out holds an empty value there, which places
  /// the page elsewhere. A descriptor with `after` needs a sort order: an unsorted fetch returns models in the
  /// order they were stored, which no model's values name, so it throws
  /// ``RepositoryError/unsupportedQuery(_:)``. Sort by `\.id` to page through every model.
  public var after: Model? {
    get { afterModel as? Model }
    set { afterModel = newValue }
  }
}
