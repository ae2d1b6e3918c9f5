// The context of a snippet about a template user's own model, `Item`: top-level code with the
// model and its storage declared as "Make it yours" describes them, the test support module
// (the contract suite, the in-memory repository), the catalog's errors and Swift Testing.
import Catalog
import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

public struct Item: Codable, Sendable, Hashable, Identifiable {
  public var id: UUID
  public var name: String
  public var code: String
  public var rank: Int

  public init(id: UUID, name: String, code: String, rank: Int) {
    (self.id, self.name, self.code, self.rank) = (id, name, code, rank)
  }
}

extension Item: PersistentModel {
  public static let entity = Entity<Item>(table: "items", indexes: [Entity.Index(\.name)], unique: [Entity.Unique(\.code)])
}

// snippet
