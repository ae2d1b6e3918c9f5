// The context of a snippet that declares a template user's commands for their own model,
// `Item`: the sample app's modules, as a file of MoviesCLI sees them, with the model, its
// storage and its use cases as "Make it yours" declares them.
import Catalog
import Foundation
import Persistence
import Repositories

@testable import MoviesCLI

public struct Item: Codable, Sendable, Hashable, Identifiable {
  public var id: UUID
  public var name: String
  public var code: String
  public var rank: Int
}

extension Item: PersistentModel {
  public static let entity = Entity<Item>(table: "items", unique: [Entity.Unique(\.code)])
}

public struct AddItem<R: Repository> where R.Model == Item {
  let items: R
  public init(items: R) { self.items = items }
  public func callAsFunction(name: String, code: String, rank: Int) async throws -> Item {
    Item(id: UUID(), name: name, code: code, rank: rank)
  }
}

public struct ListItems<R: Repository> where R.Model == Item {
  let items: R
  public init(items: R) { self.items = items }
  public func callAsFunction() async throws -> [Item] { try await items.fetchAll() }
}

// snippet
