import Foundation
import Persistence
import Synchronization

/// The catalogs a command opened: each is closed when the command ends, so that SQLite
/// checkpoints its log and removes the `-wal` and `-shm` files beside a store file, and a
/// database's connections close; the store files the command created are removed first if it
/// fails (``finish(failed:)``).
final class OpenedCatalogs: Sendable {
  private let opened = Mutex<[(container: ModelContainer, url: URL?, created: Bool)]>([])

  /// Opens a catalog with `open` and keeps its container, noting whether opening it created
  /// its store file.
  func opening(_ location: StoreLocation, _ open: () throws -> Catalog) throws -> Catalog {
    let catalog = try open()
    let created = catalog.file.map(catalog.container.createdStoreFile(at:)) ?? false
    opened.withLock { $0.append((catalog.container, catalog.file, created)) }
    return catalog
  }

  /// Ends the command's use of its catalogs: when it `failed`, removes the stores it created
  /// that are still empty; then closes every catalog.
  ///
  /// - Throws: the first `PersistenceError` of a close, after every catalog was closed; only
  ///   when the command succeeded, since a failed command's own error is the one to report.
  func finish(failed: Bool) throws {
    let catalogs = opened.withLock { opened in
      defer { opened.removeAll() }
      return opened
    }
    var failure: (any Error)?
    for (container, url, created) in catalogs {
      if failed, created, let url {
        // A store that cannot be read to show that it is empty is kept: keeping is the safe
        // side, and the command's own error is the one to report.
        _ = try? container.removeCreatedStoreIfEmpty(at: url)
      }
      do {
        try container.close()
      } catch {
        failure = failure ?? error
      }
    }
    // A close that fails after the command failed leaves the log for the next open to
    // checkpoint, and changes no data: the command's error is the one the user can act on.
    if let failure, !failed { throw failure }
  }
}
