/// A store of a family of models that share attributes (SwiftData's model inheritance, for
/// value types), read as one: every member's models, filtered and sorted on the attributes
/// they share, in one fetch.
///
/// `Shared` holds the shared attributes and is the root of the descriptor's predicate and sort
/// descriptors (and the type of its ``FetchDescriptor/after`` position); `Member` is what each
/// model comes back as — a protocol's existential or an enum with a case per member. Each
/// member is also an ordinary model with a ``Repository`` of its own.
///
/// <!-- snippet context: trips -->
/// ```swift
/// func upcoming(in trips: some FamilyRepository<TripSummary, any Trip>, after date: Date) async throws -> [any Trip] {
///   try await trips.fetch(FetchDescriptor(predicate: #Predicate { $0.startDate > date }, sortBy: [SortDescriptor(\.startDate)]))
/// }
/// ```
public protocol FamilyRepository<Shared, Member>: Sendable {
  /// The attributes every member shares, which descriptors name.
  associatedtype Shared: Identifiable & Sendable where Shared.ID: Sendable
  /// What each model of the family comes back as.
  associatedtype Member: Sendable

  /// Returns the models of every member that a descriptor on the shared attributes matches, in
  /// its order (ties broken by identifier, which is unique across the family); unsorted, the
  /// members' models come member by member, each member's in the order they were stored.
  ///
  /// - Throws: ``RepositoryError/unsupportedQuery(_:)`` for a descriptor the store cannot
  ///   evaluate; ``RepositoryError`` if the store cannot be read.
  func fetch(_ descriptor: FetchDescriptor<Shared>) async throws -> [Member]

  /// Returns how many models of every member a descriptor matches, after its position if it
  /// has one, within its limit and offset.
  ///
  /// - Throws: as ``fetch(_:)`` does.
  func fetchCount(_ descriptor: FetchDescriptor<Shared>) async throws -> Int
}
