import Foundation

/// What a running command needs: the console, and the catalog it may open.
struct CommandContext: Sendable {
  let console: Console
  let storeURL: URL
  let environment: [String: String]
  /// How long a write waits for another process that is writing the catalog.
  var busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  /// The stores this command created, removed if it fails.
  var created: CreatedStores = CreatedStores()

  /// Opens the catalog store (the one chosen by `--store` and the environment, unless `url`
  /// names another); commands call this only when they need the store.
  ///
  /// Only commands that add movies pass `creating`: the others fail on a missing store, with
  /// an error naming its path, and create no file or folder; a store they create is recorded
  /// in ``created``, so that it is removed if the command fails. A `readOnly` catalog is never
  /// changed (not even migrated).
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, or is missing and not `creating`.
  func openCatalog(
    at url: URL? = nil, creating: Bool = false, readOnly: Bool = false, backupBeforeMigration: Bool = false
  ) throws
    -> Catalog
  {
    let url = url ?? storeURL
    let open = {
      try Catalog(
        url: url, creating: creating, readOnly: readOnly, backupBeforeMigration: backupBeforeMigration,
        busyTimeout: busyTimeout)
    }
    return creating ? try created.opening(url, open) : try open()
  }
}
