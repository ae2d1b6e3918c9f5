import Foundation

/// What a running command needs: the console, and the catalog it may open.
struct CommandContext: Sendable {
  let console: Console
  let storeURL: URL
  let environment: [String: String]
  /// How long a write waits for another process that is writing the catalog.
  var busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  /// The catalogs this command opened, closed when it ends; those it created are removed if
  /// it fails.
  var opened = OpenedCatalogs()

  /// Opens the catalog store (the one chosen by `--store` and the environment, unless `url`
  /// names another); commands call this only when they need the store.
  ///
  /// Only commands that add movies pass `creating`: the others fail on a missing store, with
  /// an error naming its path, and create no file or folder. Every catalog opened is kept in
  /// ``opened``, closed when the command ends, and removed if the command created it and
  /// failed. A `readOnly` catalog is never changed (not even migrated).
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, or is missing and not `creating`.
  func openCatalog(
    at url: URL? = nil, creating: Bool = false, readOnly: Bool = false, backupBeforeMigration: Bool = false
  ) throws
    -> Catalog
  {
    let url = url ?? storeURL
    return try opened.opening(url) {
      try Catalog(
        url: url, creating: creating, readOnly: readOnly, backupBeforeMigration: backupBeforeMigration,
        busyTimeout: busyTimeout)
    }
  }
}
