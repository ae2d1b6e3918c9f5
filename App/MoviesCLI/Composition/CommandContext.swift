import Foundation

/// What a running command needs: the console, and the catalog it may open.
struct CommandContext: Sendable {
  let console: Console
  let storeURL: URL
  let environment: [String: String]

  /// Opens the catalog store; commands call this only when they need the store.
  ///
  /// Only commands that add movies pass `creating`: the others fail on a missing store, with
  /// an error naming its path, and create no file or folder.
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, or is missing and not `creating`.
  func openCatalog(creating: Bool = false) throws -> Catalog { try Catalog(url: storeURL, creating: creating) }
}
