import Catalog
public import Foundation
public import Repositories
import Synchronization

/// A repository that keeps its models in memory, for tests of the code that uses repositories.
///
/// It evaluates a ``FetchDescriptor`` the way the SQLite repository does, so a use case tested
/// against it behaves the same in the app: it filters with the predicate, sorts with the sort
/// descriptors (ties keep insertion order, like SQLite's `rowid`), then skips `fetchOffset`
/// models and keeps at most `fetchLimit`. Writes are all-or-nothing, and a failure can be
/// injected to test how callers handle a store that fails.
///
/// ```swift
/// let movies = InMemoryRepository<Movie>()
/// try await movies.insert(.alien)
/// movies.failNextWrite(with: RepositoryError.unavailable("disk full"))
/// await #expect(throws: RepositoryError.self) { try await movies.insert(.heat) }
/// ```
///
/// It is `Sendable`: its state lives behind a `Mutex`, and every method does its work before it
/// returns.
public final class InMemoryRepository<Model>: Repository
where Model: Identifiable & Sendable, Model.ID: Sendable {
  private let state: Mutex<State>

  /// Creates an empty repository.
  public init() {
    state = Mutex(State())
  }

  /// Creates a repository that holds the given models, in that insertion order.
  ///
  /// - Throws: ``RepositoryError/constraintViolation(_:)`` if two models share an identifier.
  public init(_ models: [Model]) throws {
    var initial = State()
    try initial.insert(models)
    state = Mutex(initial)
  }

  /// The stored models in insertion order, read without going through the repository API.
  ///
  /// Use it to check what a test left in the store; it ignores injected failures.
  public var storedModels: [Model] {
    state.withLock { $0.modelsInInsertionOrder }
  }

  /// Makes the next write (insert, update, delete or delete-all) throw `error` and change nothing.
  ///
  /// The failure is used once; the write after it behaves normally again.
  public func failNextWrite(with error: any Error) {
    state.withLock { $0.pendingWriteFailure = error }
  }

  /// Makes the next read (fetch, fetch by identifier or count) throw `error`.
  ///
  /// The failure is used once; the read after it behaves normally again.
  public func failNextRead(with error: any Error) {
    state.withLock { $0.pendingReadFailure = error }
  }

  /// Inserts a new model.
  ///
  /// - Throws: ``RepositoryError/constraintViolation(_:)`` if a model with the same identifier is
  ///   already stored; nothing is overwritten.
  public func insert(_ model: Model) async throws {
    try write { try $0.insert([model]) }
  }

  /// Inserts many models: all of them, or none.
  ///
  /// - Throws: ``RepositoryError/constraintViolation(_:)`` if any identifier is already stored or
  ///   appears twice in `models`; nothing is stored then.
  public func insert(_ models: [Model]) async throws {
    try write { try $0.insert(models) }
  }

  /// Replaces the stored model that has the same identifier; it keeps its insertion position.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` if no model has that identifier.
  public func update(_ model: Model) async throws {
    try write { try $0.update([model]) }
  }

  /// Reads, changes and stores a model under the repository's lock: no other write comes
  /// between. A change that throws stores nothing.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    try write { state in
      guard var model = state.rows[id]?.model else { throw RepositoryError.notFound(id: String(describing: id)) }
      try change(&model)
      try state.update([model])
      return model
    }
  }

  /// Inserts each model, or replaces the stored one with the same identifier (which keeps its
  /// position): all of them, or none.
  public func upsert(_ models: [Model]) async throws {
    try write { state in
      for model in models {
        if state.rows[model.id] != nil { try state.update([model]) } else { try state.insert([model]) }
      }
    }
  }

  /// Replaces many stored models: all of them, or none.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` naming the first model that is not stored.
  public func update(_ models: [Model]) async throws {
    try write { try $0.update(models) }
  }

  /// Returns the models that match a descriptor: filtered, stably sorted, then paged.
  ///
  /// A negative `fetchOffset` counts as zero and a negative `fetchLimit` as no limit, as in
  /// SQLite ([LIMIT and OFFSET](https://sqlite.org/lang_select.html#limitoffset)).
  ///
  /// - Throws: ``RepositoryError/unsupportedQuery(_:)`` if the predicate cannot be evaluated.
  public func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model] {
    let models = try read { $0.modelsInInsertionOrder }
    let matching = try Self.filter(models, by: descriptor.predicate)
    let sorted = Self.stablySorted(matching, using: descriptor.sortBy)
    return Array(sorted[Self.page(of: sorted.count, descriptor)])
  }

  /// Returns the model with an identifier, or `nil` if there is none.
  public func fetch(id: Model.ID) async throws -> Model? {
    try read { $0.rows[id]?.model }
  }

  /// Returns the stored models with these identifiers, in the order of `ids`, each once.
  public func fetch(ids: [Model.ID]) async throws -> [Model] {
    try read { state in
      var seen = Set<Model.ID>()
      return ids.compactMap { id in seen.insert(id).inserted ? state.rows[id]?.model : nil }
    }
  }

  /// Returns how many models ``fetch(_:)`` would return for a descriptor.
  ///
  /// - Throws: ``RepositoryError/unsupportedQuery(_:)`` if the predicate cannot be evaluated.
  public func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int {
    let models = try read { $0.modelsInInsertionOrder }
    let matching = try Self.filter(models, by: descriptor.predicate)
    return Self.page(of: matching.count, descriptor).count
  }

  /// Deletes the models with the given identifiers: all of them, or none.
  ///
  /// An identifier listed twice is deleted once.
  ///
  /// - Throws: ``RepositoryError/notFound(id:)`` naming the first identifier, in `ids` order, that
  ///   is not stored; nothing is deleted then.
  public func delete(ids: [Model.ID]) async throws {
    try write { try $0.delete(ids) }
  }

  /// Deletes every model a predicate matches: all of them, or none if it cannot be evaluated.
  ///
  /// - Throws: ``RepositoryError/unsupportedQuery(_:)`` if the predicate cannot be evaluated.
  @discardableResult
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    let models = try read { $0.modelsInInsertionOrder }
    let doomed = try Self.filter(models, by: predicate).map(\.id)
    try write { try $0.delete(doomed) }
    return doomed.count
  }

  /// Deletes every model and returns how many were deleted.
  @discardableResult
  public func deleteAll() async throws -> Int {
    try write { $0.deleteAll() }
  }
}

// MARK: - Evaluating a descriptor

extension InMemoryRepository {
  private static func filter(_ models: [Model], by predicate: Predicate<Model>?) throws -> [Model] {
    guard let predicate else { return models }
    do {
      return try models.filter { try predicate.evaluate($0) }
    } catch let error as RepositoryError {
      throw error
    } catch {
      throw RepositoryError.unsupportedQuery("the predicate could not be evaluated: \(error)")
    }
  }

  /// Sorts like `models.sorted(using: sortBy)`, but stably: ties keep insertion order.
  private static func stablySorted(
    _ models: [Model],
    using sortBy: [SortDescriptor<Model>]
  ) -> [Model] {
    guard !sortBy.isEmpty else { return models }
    return models.enumerated()
      .sorted { lhs, rhs in
        for descriptor in sortBy {
          switch descriptor.compare(lhs.element, rhs.element) {
          case .orderedAscending: return true
          case .orderedDescending: return false
          case .orderedSame: continue
          }
        }
        return lhs.offset < rhs.offset
      }
      .map(\.element)
  }

  /// The positions a descriptor's offset and limit keep out of `count` sorted matches.
  private static func page(of count: Int, _ descriptor: FetchDescriptor<Model>) -> Range<Int> {
    let start = min(max(descriptor.fetchOffset ?? 0, 0), count)
    guard let limit = descriptor.fetchLimit, limit >= 0 else { return start..<count }
    return start..<(start + min(limit, count - start))
  }
}

// MARK: - Guarded access

extension InMemoryRepository {
  private func write<Result>(_ body: (inout State) throws -> Result) throws -> Result
  where Result: Sendable {
    try state.withLock { state throws -> Result in
      if let failure = state.pendingWriteFailure {
        state.pendingWriteFailure = nil
        throw failure
      }
      return try body(&state)
    }
  }

  private func read<Result>(_ body: (State) -> Result) throws -> Result where Result: Sendable {
    try state.withLock { state throws -> Result in
      if let failure = state.pendingReadFailure {
        state.pendingReadFailure = nil
        throw failure
      }
      return body(state)
    }
  }
}

// MARK: - Storage

extension InMemoryRepository {
  /// A stored model and the position it was inserted at.
  private struct Row {
    var position: Int
    var model: Model
  }

  /// Everything the repository holds; only ever touched under the lock.
  private struct State {
    var rows: [Model.ID: Row] = [:]
    var nextPosition = 0
    var pendingWriteFailure: (any Error)?
    var pendingReadFailure: (any Error)?

    var modelsInInsertionOrder: [Model] {
      rows.values.sorted { $0.position < $1.position }.map(\.model)
    }

    mutating func insert(_ models: [Model]) throws(RepositoryError) {
      var batch = Set<Model.ID>()
      for model in models where rows[model.id] != nil || !batch.insert(model.id).inserted {
        throw .constraintViolation(
          "a model with the identifier \(String(describing: model.id)) is already stored"
        )
      }
      for model in models {
        rows[model.id] = Row(position: nextPosition, model: model)
        nextPosition += 1
      }
    }

    mutating func update(_ models: [Model]) throws(RepositoryError) {
      if let missing = models.first(where: { rows[$0.id] == nil }) {
        throw .notFound(id: String(describing: missing.id))
      }
      for model in models { rows[model.id]?.model = model }
    }

    mutating func delete(_ ids: [Model.ID]) throws(RepositoryError) {
      if let missing = ids.first(where: { rows[$0] == nil }) {
        throw .notFound(id: String(describing: missing))
      }
      for id in ids { rows[id] = nil }
    }

    mutating func deleteAll() -> Int {
      defer { rows.removeAll() }
      return rows.count
    }
  }
}
