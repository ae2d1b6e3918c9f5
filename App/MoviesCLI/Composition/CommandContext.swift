import Foundation
import Persistence

/// What a running command needs: the console, and the catalog it may open.
struct CommandContext: Sendable {
  let console: Console
  /// The store `--store` and the environment chose.
  let store: StoreLocation
  let environment: [String: String]
  /// How long a write waits for another process that is writing the catalog.
  var busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  /// The catalogs this command opened, closed when it ends; those it created are removed if
  /// it fails.
  var opened = OpenedCatalogs()

  /// Opens the catalog store (the one chosen by `--store` and the environment, unless `url`
  /// names another file); commands call this only when they need the store.
  ///
  /// Only commands that add movies pass `creating`: the others fail on a missing store — a file
  /// that is not there, a database without the catalog's tables — with an error naming it, and
  /// create nothing. Every catalog opened is kept in
  /// ``opened``, closed when the command ends, and removed if the command created it and
  /// failed. A `readOnly` catalog is never changed (not even migrated).
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, or is missing and not `creating`.
  func openCatalog(
    at url: URL? = nil, creating: Bool = false, readOnly: Bool = false, backupBeforeMigration: Bool = false
  ) async throws
    -> Catalog
  {
    let location = url.map(StoreLocation.file) ?? store
    return try opened.opening(location) {
      try Catalog(
        location, creating: creating, readOnly: readOnly, backupBeforeMigration: backupBeforeMigration,
        busyTimeout: busyTimeout)
    }
  }

  /// Opens the command's catalog for a command that only reads it: as
  /// ``openCatalog(at:creating:readOnly:backupBeforeMigration:)`` does (migrating a catalog of
  /// an older version), or read-only when this process may not write the store file or its
  /// folder, so that a catalog on read-only media or in another user's folder can still be
  /// read — though not migrated there. On a full disk, where a writable open finds no room, it
  /// is read without saving too: the engine then reads the file as it lies, when every commit
  /// is in it.
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, or needs a migration it cannot
  ///   have.
  func openCatalogToRead() async throws -> Catalog {
    guard case .file(let url) = store, let writable = StoreAccess.allowsWriting(storeAt: url) else {
      return try await openCatalog()
    }
    guard writable else { return try await openCatalog(readOnly: true) }
    do {
      return try await openCatalog()
    } catch PersistenceError.diskFull(_, temporary: false) {
      return try await openCatalog(readOnly: true)
    }
  }

  /// Opens the catalog at another location than the command's store (`store copy --to`): a
  /// file as ``openCatalog(at:creating:readOnly:backupBeforeMigration:)`` does, kept and
  /// removed the same way, or a PostgreSQL database.
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, or is missing and not `creating`.
  func openCatalog(_ location: StoreLocation, creating: Bool = false) async throws -> Catalog {
    try opened.opening(location) { try Catalog(location, creating: creating, busyTimeout: busyTimeout) }
  }

  /// The store file, for a command that works on one.
  ///
  /// - Throws: ``AppError/needsStoreFile(command:)`` when the store is a PostgreSQL database.
  func storeFile(for command: String) throws -> URL {
    try store.file(for: command)
  }
}
