import Foundation
public import Repositories
import Synchronization

/// The in-memory counterpart of a SQLite store: the models of every ``InMemoryRepository``
/// made on it, behind one lock, and a `UnitOfWork` whose transactions change several of them
/// at once, or none.
///
/// <!-- snippet context: kit -->
/// ```swift
/// let store = InMemoryStore()
/// let planets = InMemoryRepository<Planet>(store: store, keys: PlanetFixture.keys)
/// let moons = InMemoryRepository<Moon>(store: store)
/// try await store.transaction { changes in
///   try changes.insert([Planet.earth])
///   try changes.insert([Moon(name: "Moon", planetID: Planet.earth.id)])
/// }
/// ```
///
/// It is `Sendable`: its state lives behind a `Mutex`, and every method does its work before it
/// returns.
public final class InMemoryStore: UnitOfWork {
  private let contents = Mutex(InMemoryContents())

  /// Creates an empty store.
  public init() {}

  /// Runs `body` under the store's lock on a copy of its tables, kept only if `body` returns
  /// and no upsert of it failed.
  /// A failure a test injected is used up either way.
  public func transaction<T: Sendable>(_ body: (any RepositoryTransaction) throws -> T) async throws -> T {
    try contents.withLock { contents in
      let transaction = InMemoryTransaction(contents: contents)
      defer { contents.failures = transaction.contents.failures }
      let result = try body(transaction)
      // A failed upsert fails the transaction, even when the body went on.
      if let failure = transaction.failure { throw failure }
      contents.tables = transaction.contents.tables
      return result
    }
  }

  /// Runs `body` on one model type's table under the lock; a failure a test injected is thrown
  /// instead, once.
  func access<Model: Identifiable & Sendable, Result: Sendable>(
    _ type: Model.Type, writing: Bool, _ body: (inout InMemoryTable<Model>) throws -> Result
  ) throws -> Result where Model.ID: Sendable {
    try contents.withLock { contents in try contents.access(type, writing: writing, body) }
  }

  /// Declares a model type's identifier and unique keys, which every later write of it obeys.
  func declare<Model: Identifiable & Sendable>(_ keys: ModelKeys<Model>) where Model.ID: Sendable {
    contents.withLock { contents in
      let key = ObjectIdentifier(Model.self)
      var table = contents.tables[key] as? InMemoryTable<Model> ?? InMemoryTable()
      table.keys = keys
      contents.tables[key] = table
    }
  }

  /// Reads a model type's table with the tests of a descriptor's reference filters (see
  /// `InMemoryContents.read(_:_:)`), under the lock: the referrers and the table as one.
  func read<Model: Identifiable & Sendable, Result: Sendable>(
    _ descriptor: FetchDescriptor<Model>, _ body: (InMemoryTable<Model>, [(Model) -> Bool]) throws -> Result
  ) throws -> Result where Model.ID: Sendable {
    try contents.withLock { contents in try contents.read(descriptor, body) }
  }

  /// Makes the next read or write of a model type throw `error` instead of doing its work.
  func inject<Model>(_ error: any Error & Sendable, intoNext kind: InMemoryContents.Access, of type: Model.Type) {
    contents.withLock { $0.failures[ObjectIdentifier(type), default: [:]][kind] = error }
  }

  /// The models of a type, in insertion order, whatever failure a test injected.
  func models<Model: Identifiable & Sendable>(of type: Model.Type) -> [Model] where Model.ID: Sendable {
    contents.withLock { ($0.tables[ObjectIdentifier(type)] as? InMemoryTable<Model>)?.modelsInInsertionOrder ?? [] }
  }
}

/// What an ``InMemoryStore`` holds under its lock: each model type's table, and the failures
/// tests injected, which a rolled-back transaction does not bring back.
struct InMemoryContents: Sendable {
  /// What a failure is injected into.
  enum Access: Sendable { case read, write }

  /// Each model type's ``InMemoryTable``, by the type's identity.
  var tables: [ObjectIdentifier: any Sendable] = [:]
  var failures: [ObjectIdentifier: [Access: any Error & Sendable]] = [:]

  /// Runs `body` on one model type's table; a failure a test injected is thrown instead, once.
  /// Every write of ``InMemoryTable`` checks before it changes anything, so a table that
  /// throws is unchanged.
  mutating func access<Model: Identifiable & Sendable, Result>(
    _ type: Model.Type, writing: Bool, _ body: (inout InMemoryTable<Model>) throws -> Result
  ) throws -> Result where Model.ID: Sendable {
    let key = ObjectIdentifier(type)
    if let failure = failures[key]?.removeValue(forKey: writing ? .write : .read) { throw failure }
    var table = tables[key] as? InMemoryTable<Model> ?? InMemoryTable()
    // Taken out while it changes, so the dictionary does not hold a second copy.
    tables[key] = nil
    defer { tables[key] = table }
    return try body(&table)
  }
}
