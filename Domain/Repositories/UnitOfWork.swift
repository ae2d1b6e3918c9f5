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

  /// Inserts or changes a batch of models, row by row, and returns what became of each row, in
  /// order: the streaming write of an import, for any model.
  ///
  /// Each row finds the stored model it changes by identifier, or by a unique key
  /// (``Upsert/match``); it inserts its whole model when there is none, and otherwise writes only
  /// its ``Upsert/properties`` and keeps the other stored values. A row is not written when an
  /// earlier row of the same transaction, in this call or an earlier one, wrote the stored model
  /// it matches (``UpsertOutcome/repeated(_:origin:)``), or when it would take a unique key's
  /// values from another stored model (``UpsertOutcome/conflict(with:)``). The rows a
  /// transaction wrote are remembered until it ends, in the store rather than in memory on
  /// SQLite, so a transaction may upsert any number of batches.
  ///
  /// Unlike the other operations, an upsert that throws is not undone on its own: the whole
  /// transaction is rolled back, whatever the body does with the error, which keeps batches free
  /// of the cost of a savepoint each.
  ///
  /// - Throws: ``RepositoryError`` if a row cannot be stored for another reason (a broken
  ///   reference, a value the store refuses, a property that is not stored).
  @discardableResult
  func upsert<Model: Identifiable & Sendable>(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>]
  where Model.ID: Sendable

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
