public import Foundation

/// A store of models of one type, whatever its storage.
///
/// Use cases depend on this protocol, never on a concrete store: the app wires in a SQLite
/// repository, tests an in-memory one. Every method performs its work before it returns — a
/// write has happened (or thrown) when `await` resumes.
///
/// <!-- snippet context: app -->
/// ```swift
/// func titles(in movies: some Repository<Movie>) async throws -> [String] {
///   try await movies.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.title)])).map(\.title)
/// }
/// ```
///
/// Every method throws ``RepositoryError``.
public protocol Repository<Model>: Sendable {
  /// The type of model this repository stores.
  associatedtype Model: Identifiable & Sendable where Model.ID: Sendable

  /// Inserts a new model.
  ///
  /// - Throws: ``RepositoryError/constraintViolation(_:)`` if a model with the same identifier
  ///   (or another unique value) is already stored; nothing is overwritten.
  func insert(_ model: Model) async throws

  /// Inserts many models in one transaction: all of them are stored, or none.
  ///
  /// - Throws: ``RepositoryError`` for the first model that cannot be stored; the store is
  ///   then left as it was.
  func insert(_ models: [Model]) async throws

  /// Inserts each model, or replaces the stored one it matches, in one transaction: all of
  /// them, or none.
  ///
  /// A model matches the stored one with the same identifier, or, in stores that enforce
  /// unique attributes, the one with the same unique values (which keeps its identifier).
  /// Unlike ``insert(_:)-([Self.Model])``, nothing is refused for already being stored.
  func upsert(_ models: [Model]) async throws

  /// Replaces the stored model that has the same identifier.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` if no model has that identifier.
  func update(_ model: Model) async throws

  /// Reads the model with an identifier, changes it and stores it, as one transaction: no
  /// other write — of this process or another — comes between the read and the write, so
  /// concurrent changes are never lost. Returns the model as stored.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let hearted = try await movies.update(id: id) { $0.heart += 1 }
  /// ```
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` if no model has that identifier; whatever
  ///   `change` throws, unchanged; ``RepositoryError`` if the store refuses the new value. The
  ///   store is left as it was in every case.
  func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model

  /// ``update(id:_:)``, reading and storing only some properties: those not listed need not
  /// be read (they may hold empty values, as with ``FetchDescriptor/propertiesToFetch``) and
  /// keep their stored values. So adding a heart to a movie need not read its images. Change
  /// only listed properties: a store that holds every property in memory may store the whole
  /// model. An empty list reads and stores every property.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let hearted = try await movies.update(id: id, properties: [\.heart]) { $0.heart += 1 }
  /// ```
  ///
  /// - Throws: as ``update(id:_:)`` does.
  func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], _ change: (inout Model) throws -> Void
  ) async throws -> Model

  /// ``update(id:properties:_:)``, where `change` sets each property in `replacing` whole, so
  /// its stored value is not read first: in `change` it may hold an empty value. So replacing
  /// a movie's images needs neither the old images nor their files, which may be missing; a
  /// store that keeps values in files removes the old ones it no longer needs.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let movie = try await movies.update(id: id, properties: [\.title], replacing: [\.images]) {
  ///   $0.images = [poster]
  /// }
  /// ```
  ///
  /// - Throws: as ``update(id:_:)`` does.
  func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable],
    _ change: (inout Model) throws -> Void
  ) async throws -> Model
  /// Replaces many stored models in one transaction: all of them, or none.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` naming the first model that is not stored;
  ///   nothing is changed then.
  func update(_ models: [Model]) async throws

  /// Returns the models that match a descriptor, in its sort order (ties in identifier order;
  /// unsorted, in the order they were stored).
  ///
  /// - Throws: ``RepositoryError/unsupportedQuery(_:)`` if the store cannot evaluate the
  ///   descriptor's predicate or sort, or for a position (``FetchDescriptor/after``) in an
  ///   unsorted descriptor.
  func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model]

  /// Calls `body` with each model a descriptor matches, in its sort order, reading them as
  /// `body` asks for them — SwiftData's `enumerate` — so a store that reads from files holds
  /// one model at a time, however many match.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// var titles: [String] = []
  /// try await movies.enumerate(FetchDescriptor(sortBy: [SortDescriptor(\.date)])) { movie in
  ///   titles.append(movie.title)
  /// }
  /// ```
  ///
  /// A model the store holds but cannot read (another program damaged its values) does not end
  /// the enumeration: every other one is handed to `body`, then ``RepositoryError/unreadable(count:rows:)``
  /// names the skipped ones.
  ///
  /// - Throws: what ``fetch(_:)`` throws, or what `body` throws (which ends the enumeration);
  ///   ``RepositoryError/unreadable(count:rows:)`` after the last model, if some were skipped.
  func enumerate(_ descriptor: FetchDescriptor<Model>, _ body: (Model) async throws -> Void) async throws

  /// Returns the identifiers of the models a descriptor matches, in the order ``fetch(_:)``
  /// returns them — SwiftData's `fetchIdentifiers` — without reading the models: a store that
  /// reads from files reads only their keys.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let recent = try await movies.fetchIdentifiers(FetchDescriptor(predicate: #Predicate { $0.rate >= 8 }))
  /// ```
  ///
  /// A default implementation maps what ``fetch(_:)`` returns; stores can answer more cheaply.
  ///
  /// - Throws: what ``fetch(_:)`` throws.
  func fetchIdentifiers(_ descriptor: FetchDescriptor<Model>) async throws -> [Model.ID]

  /// Returns the model with an identifier, or `nil` if there is none.
  func fetch(id: Model.ID) async throws -> Model?

  /// Returns the stored models with these identifiers, in the order of `ids`; identifiers that
  /// are not stored are skipped, and one listed twice is returned once.
  func fetch(ids: [Model.ID]) async throws -> [Model]

  /// Returns how many models match a descriptor's predicate, after its position (if it has
  /// one), within its limit and offset.
  func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int

  /// Deletes a model, found by its identifier.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` if it is not stored.
  func delete(_ model: Model) async throws

  /// Deletes the model with an identifier.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` if no model has that identifier.
  func delete(id: Model.ID) async throws

  /// Deletes the models with the given identifiers, in one transaction: all or none. An
  /// identifier listed twice is deleted once.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` naming the first identifier that is not
  ///   stored; nothing is deleted then.
  func delete(ids: [Model.ID]) async throws

  /// Deletes every model a predicate matches, in one transaction, and returns how many.
  ///
  /// - Throws: ``RepositoryError/unsupportedQuery(_:)`` if the predicate cannot be evaluated;
  ///   nothing is deleted then.
  @discardableResult
  func delete(where predicate: Predicate<Model>) async throws -> Int

  /// Returns how many models match a predicate, per value of an attribute.
  ///
  /// A default implementation counts fetched models; stores can answer more cheaply.
  func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> [Value: Int]

  /// Returns the smallest value of an attribute among the models a predicate matches.
  func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value?

  /// Returns the largest value of an attribute among the models a predicate matches.
  func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value?

  /// Returns the mean of an integer attribute among the models a predicate matches.
  func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Double?

  /// Deletes every model, in one statement, and returns how many were deleted.
  @discardableResult
  func deleteAll() async throws -> Int
}

extension Repository {
  /// Deletes a model, found by its identifier.
  public func delete(_ model: Model) async throws {
    try await delete(id: model.id)
  }

  /// Deletes the model with an identifier.
  public func delete(id: Model.ID) async throws {
    try await delete(ids: [id])
  }

  /// Inserts a model, or replaces the stored one it matches; see ``upsert(_:)-([Model])``.
  public func upsert(_ model: Model) async throws {
    try await upsert([model])
  }

  /// Calls `body` with each model ``fetch(_:)`` returns: a store that holds its models in
  /// memory loses nothing by reading them all first.
  public func enumerate(_ descriptor: FetchDescriptor<Model>, _ body: (Model) async throws -> Void) async throws {
    for model in try await fetch(descriptor) { try await body(model) }
  }

  /// The identifiers of the models ``fetch(_:)`` returns: a store that holds its models in
  /// memory has nothing cheaper to read.
  public func fetchIdentifiers(_ descriptor: FetchDescriptor<Model>) async throws -> [Model.ID] {
    try await fetch(descriptor).map(\.id)
  }

  /// Returns every stored model, in no particular order.
  public func fetchAll() async throws -> [Model] {
    try await fetch(FetchDescriptor())
  }
}
