import Foundation

/// What a running command needs: the console, and the catalog it may open.
struct CommandContext: Sendable {
  let console: Console
  let storeURL: URL
  let environment: [String: String]

  /// Opens the catalog store; commands call this only when they need the store.
  func openCatalog() throws -> Catalog { try Catalog(url: storeURL) }
}
