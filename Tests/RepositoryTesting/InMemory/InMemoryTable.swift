import Foundation
import Repositories

/// The models of one type that an ``InMemoryStore`` holds, in insertion order, and the
/// operations on them; only ever touched under the store's lock.
///
/// A descriptor is evaluated the way the SQLite repository does: filtered with the predicate
/// and the position it asks for models after, sorted with the sort descriptors and then the
/// identifier (unsorted, in insertion order, like SQLite's `rowid`), then paged. Each write checks everything before it changes anything: all or nothing.
struct InMemoryTable<Model: Identifiable & Sendable>: Sendable where Model.ID: Sendable {
  /// A stored model and the position it was inserted at.
  struct Row {
    var position: Int
    var model: Model
  }

  /// The stored models by identifier; changed only through ``append(_:)``,
  /// ``replace(_:with:)``, ``remove(_:)`` and ``removeAll()``, which keep ``holders`` with it.
  var rows: [Model.ID: Row] = [:]
  var nextPosition = 0
  /// The model's declared identifier and unique keys; without them, only identifiers are unique.
  var keys: ModelKeys<Model>? {
    didSet { reindex() }
  }
  /// For each unique key of ``keys``, in order, which stored model holds each of its values:
  /// a look-up where a scan of every row made writing n models n² work.
  var holders: [[UniqueValues: Model.ID]] = []

  var modelsInInsertionOrder: [Model] {
    rows.values.sorted { $0.position < $1.position }.map(\.model)
  }

  mutating func insert(_ models: [Model]) throws(RepositoryError) {
    var changed = self
    for model in models {
      if rows[model.id] != nil || changed.rows[model.id] != nil {
        throw .constraintViolation("a model with the identifier \(String(describing: model.id)) is already stored")
      }
      try changed.checkUnique(model, storedAs: model.id)
      changed.append(model)
    }
    self = changed
  }

  /// Inserts each model, or replaces the stored one with its identifier or, failing that, with
  /// the values of one of its unique keys (which keeps its identifier), as SQLite's upsert does.
  mutating func upsert(_ models: [Model]) throws(RepositoryError) {
    var changed = self
    for model in models {
      let match = changed.rows[model.id] != nil ? model.id : changed.matchingUniqueValues(of: model)
      guard let id = match else {
        try changed.checkUnique(model, storedAs: model.id)
        changed.append(model)
        continue
      }
      let stored = changed.model(model, storedAs: id)
      try changed.checkUnique(stored, storedAs: id)
      changed.replace(id, with: stored)
    }
    self = changed
  }

  mutating func update(_ models: [Model]) throws(RepositoryError) {
    if let missing = models.first(where: { rows[$0.id] == nil }) {
      throw .notFound(id: String(describing: missing.id))
    }
    var changed = self
    for model in models {
      try changed.checkUnique(model, storedAs: model.id)
      changed.replace(model.id, with: model)
    }
    self = changed
  }

  mutating func delete(_ ids: [Model.ID]) throws(RepositoryError) {
    if let missing = ids.first(where: { rows[$0] == nil }) {
      throw .notFound(id: String(describing: missing))
    }
    for id in ids { remove(id) }
  }

  mutating func delete(where predicate: Predicate<Model>) throws -> Int {
    let doomed = try Self.filter(modelsInInsertionOrder, by: predicate).map(\.id)
    try delete(doomed)
    return doomed.count
  }

  mutating func deleteAll() -> Int {
    defer { removeAll() }
    return rows.count
  }

  /// The models a descriptor asks for, among those that pass every test of its reference
  /// filters.
  func fetch(_ descriptor: FetchDescriptor<Model>, referenced tests: [(Model) -> Bool] = []) throws -> [Model] {
    let matching = try Self.matching(modelsInInsertionOrder, descriptor, tests)
    let sorted = Self.sorted(matching, using: descriptor.sortBy)
    return Array(sorted[Self.page(of: sorted.count, descriptor)])
  }

  /// How many models ``fetch(_:referenced:)`` returns.
  func fetchCount(_ descriptor: FetchDescriptor<Model>, referenced tests: [(Model) -> Bool] = []) throws -> Int {
    let matching = try Self.matching(modelsInInsertionOrder, descriptor, tests)
    return Self.page(of: matching.count, descriptor).count
  }

  /// The models a descriptor's predicate keeps that come after its position, if it has one.
  private static func matching(
    _ models: [Model], _ descriptor: FetchDescriptor<Model>, _ tests: [(Model) -> Bool]
  ) throws -> [Model] {
    let kept = try filter(models, by: descriptor.predicate).filter { model in tests.allSatisfy { $0(model) } }
    guard let position = descriptor.after else { return kept }
    guard !descriptor.sortBy.isEmpty else {
      throw RepositoryError.unsupportedQuery(
        "a page after a \(Model.self) needs a sort order: unsorted models come in the order they were stored")
    }
    guard position.id is any Comparable else {
      throw RepositoryError.unsupportedQuery("a page after a \(Model.self) needs identifiers that are Comparable")
    }
    return kept.filter { order($0, position, by: descriptor.sortBy) == .orderedDescending }
  }

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

  /// Sorts like `models.sorted(using: sortBy)`, ties in identifier order (in insertion order
  /// if identifiers are not `Comparable`); unsorted, in insertion order.
  private static func sorted(_ models: [Model], using sortBy: [SortDescriptor<Model>]) -> [Model] {
    guard !sortBy.isEmpty else { return models }
    return models.enumerated()
      .sorted { lhs, rhs in
        switch order(lhs.element, rhs.element, by: sortBy) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: lhs.offset < rhs.offset
        }
      }
      .map(\.element)
  }

  /// The order of two models by the sort descriptors, then by identifier.
  private static func order(_ lhs: Model, _ rhs: Model, by sortBy: [SortDescriptor<Model>]) -> ComparisonResult {
    for descriptor in sortBy {
      let result = descriptor.compare(lhs, rhs)
      if result != .orderedSame { return result }
    }
    return IdentifierOrder.compare(lhs.id, rhs.id)
  }

  /// The positions a descriptor's offset and limit keep out of `count` sorted matches. A
  /// negative offset counts as zero and a negative limit as none, as in SQLite.
  private static func page(of count: Int, _ descriptor: FetchDescriptor<Model>) -> Range<Int> {
    let start = min(max(descriptor.fetchOffset ?? 0, 0), count)
    guard let limit = descriptor.fetchLimit, limit >= 0 else { return start..<count }
    return start..<(start + min(limit, count - start))
  }
}
