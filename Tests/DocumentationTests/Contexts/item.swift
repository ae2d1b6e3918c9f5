// The context of a snippet about a template user's own model, `Item`: top-level code with the
// model and its storage declared as "Make it yours" describes them, the test kit (the contract
// suite, the in-memory repository) and its SQLite subjects, the catalog's errors and Swift
// Testing.
import Catalog
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import StorageTesting
import Testing

/// The template user's model of "Make it yours".
public struct Item: Codable, Sendable, Hashable, Identifiable {
  /// The identifier.
  public var id: UUID
  /// The name, indexed.
  public var name: String
  /// A code no other item has.
  public var code: String
  /// The rank.
  public var rank: Int

  /// Creates an item.
  public init(id: UUID, name: String, code: String, rank: Int) {
    (self.id, self.name, self.code, self.rank) = (id, name, code, rank)
  }
}

extension Item: PersistentModel {
  /// The item's table, its index on the name and its unique code.
  public static let entity = Entity<Item>(
    table: "items", indexes: [Entity.Index(\.name)], unique: [Entity.Unique(\.code)])
}

// snippet
