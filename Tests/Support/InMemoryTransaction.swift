import Foundation
import Repositories

/// The contents of an ``InMemoryStore`` while a transaction changes them: a copy whose tables the
/// store keeps if the transaction's body returns, and drops if it throws.
final class InMemoryTransaction: RepositoryTransaction {
  var contents: InMemoryContents

  init(contents: InMemoryContents) {
    self.contents = contents
  }

  func insert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.insert(models) }
  }

  func upsert<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.upsert(models) }
  }

  func update<Model: Identifiable & Sendable>(_ models: [Model]) throws where Model.ID: Sendable {
    try write(Model.self) { try $0.update(models) }
  }

  func fetch<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> [Model]
  where Model.ID: Sendable {
    try contents.access(Model.self, writing: false) { try $0.fetch(descriptor) }
  }

  func fetchCount<Model: Identifiable & Sendable>(_ descriptor: FetchDescriptor<Model>) throws -> Int
  where Model.ID: Sendable {
    try contents.access(Model.self, writing: false) { try $0.fetchCount(descriptor) }
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
