public import Foundation

/// Changes to several repositories that commit together or not at all.
///
/// A use case that must change more than one kind of model — a tag and its link to a movie, a
/// review and the movie it belongs to — does so in one ``transaction(_:)``. Its body reads and
/// writes through the ``RepositoryTransaction`` it is given, for any model of the store; the
/// SQLite engine runs it as one SQLite transaction, the in-memory store under one lock.
///
/// The body is synchronous, as SwiftData's `ModelContext.transaction(block:)` is: no other write
/// comes between its reads and writes, and it should be short.
///
/// <!-- snippet context: movies -->
/// ```swift
/// try await unitOfWork.transaction { changes in
///   try changes.insert([tag])
///   try changes.insert([Tagging(movieID: movie.id, tagID: tag.id)])
/// }
/// ```
public protocol UnitOfWork: Sendable {
  /// Runs `body` as one transaction and returns what it returns: every change it made is
  /// committed when it returns, and none when it throws.
  ///
  /// - Throws: what `body` throws, or ``RepositoryError`` if the transaction cannot begin or
  ///   commit; the store is then as it was before.
  func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T
}

/// The repository operations inside a ``UnitOfWork``'s transaction, for any model the store holds.
///
/// They mean what ``Repository``'s operations of the same names mean, and throw the same
/// errors; a model type the store does not hold is ``RepositoryError/unavailable(_:detail:)``.
public protocol RepositoryTransaction {
  /// Inserts new models.
  ///
  /// - Throws: ``RepositoryError/constraintViolation(_:)`` if one is already stored.
  func insert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable

  /// Inserts each model, or replaces the stored one with the same identifier.
  func upsert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable

  /// Replaces stored models.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` naming the first one that is not stored.
  func update<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable

  /// Returns the models that match a descriptor: filtered, sorted, then paged.
  func fetch<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> [Model]
  where Model.ID: Sendable

  /// Returns how many models ``fetch(_:)`` would return for a descriptor.
  func fetchCount<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> Int
  where Model.ID: Sendable

  /// Deletes the models with these identifiers.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` naming the first that is not stored.
  func delete<Model: Identifiable & Sendable>(ids: [Model.ID], of type: Model.Type) throws where Model.ID: Sendable

  /// Deletes every model a predicate matches and returns how many it deleted.
  @discardableResult
  func delete<Model: Identifiable & Sendable>(where predicate: Predicate<Model>) throws -> Int where Model.ID: Sendable
}
