// The context of a snippet about a template user's own model, `Item`: top-level code with the
// model and its storage declared as "Make it yours" describes them, the test support module
// (the contract suite, the in-memory repository) and Swift Testing.
import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

struct Item: Codable, Sendable, Hashable, Identifiable {
  var id: UUID
  var name: String
  var code: String
  var rank: Int
}

extension Item: PersistentModel {
  static let entity = Entity<Item>(table: "items", indexes: [Entity.Index(\.name)], unique: [Entity.Unique(\.code)])
}

// snippet
