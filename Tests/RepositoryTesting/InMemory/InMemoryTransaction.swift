import Foundation
import Repositories

/// The contents of an ``InMemoryStore`` while a transaction changes them: a copy whose tables the
/// store keeps if the transaction's body returns, and drops if it throws.
final class InMemoryTransaction: RepositoryTransaction {
  var contents: InMemoryContents
  /// For each model type, the identifiers the transaction's upserts wrote, with their rows' origins.
  private var upserted: [ObjectIdentifier: any Sendable] = [:]
  /// The error of a failed upsert, which fails the whole transaction as it does on SQLite.
  private(set) var failure: (any Error)?

  init(contents: InMemoryContents) {
    self.contents = contents
  }

  func insert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.insert(models) }
  }

  func upsert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.upsert(models) }
  }

  @discardableResult
  func upsert<Model: Identifiable & Sendable>(_ rows: [Upsert<Model>]) throws -> [UpsertOutcome<Model.ID>]
  where Model.ID: Sendable {
    if let failure { throw failure }
    let key = ObjectIdentifier(Model.self)
    var written = upserted[key] as? [Model.ID: Int] ?? [:]
    defer { upserted[key] = written }
    do {
      return try write(Model.self) { try $0.upsert(rows, written: &written) }
    } catch {
      failure = error
      throw error
    }
  }

  func update<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.update(models) }
  }

  func fetch<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> [Model]
  where Model.ID: Sendable {
    try contents.read(descriptor) { try $0.fetch(descriptor, referenced: $1) }
  }

  func fetchCount<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> Int
  where Model.ID: Sendable {
    try contents.read(descriptor) { try $0.fetchCount(descriptor, referenced: $1) }
  }

  func delete<Model: Identifiable & Sendable>(ids: [Model.ID], of type: Model.Type) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.delete(ids) }
  }

  @discardableResult
  func delete<Model: Identifiable & Sendable>(where predicate: Predicate<Model>) throws -> Int
  where Model.ID: Sendable {
    try write(Model.self) { try $0.delete(where: predicate) }
  }

  private func write<Model: Identifiable & Sendable, Result>(
    _ type: Model.Type, _ body: (inout InMemoryTable<Model>) throws -> Result
  ) throws
    -> Result where Model.ID: Sendable
  {
    try contents.access(type, writing: true, body)
  }
}
