// The context of a snippet that declares a template user's commands for their own model,
// `Item`: the sample app's modules, as a file of MoviesCLI sees them, with the model, its
// storage and its use cases as "Make it yours" declares them.
import Catalog
import Foundation
import Persistence
import Repositories

@testable import MoviesCLI

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
}

extension Item: PersistentModel {
  /// The item's table and its unique code.
  public static let entity = Entity<Item>(table: "items", unique: [Entity.Unique(\.code)])
}

/// Adds an item (here, only makes it: the snippets call it, never run it).
public struct AddItem<R: Repository> where R.Model == Item {
  let items: R
  /// Creates the use case over an item repository.
  public init(items: R) { self.items = items }
  /// Returns a new item with these values.
  public func callAsFunction(name: String, code: String, rank: Int) async throws -> Item {
    Item(id: UUID(), name: name, code: code, rank: rank)
  }
}

/// Lists the stored items.
public struct ListItems<R: Repository> where R.Model == Item {
  let items: R
  /// Creates the use case over an item repository.
  public init(items: R) { self.items = items }
  /// Returns every stored item.
  public func callAsFunction() async throws -> [Item] { try await items.fetchAll() }
}

// snippet
