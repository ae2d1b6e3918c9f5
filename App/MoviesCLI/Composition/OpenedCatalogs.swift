import Foundation
import Persistence
import Synchronization

/// The catalogs a command opened: each is closed when the command ends, so that SQLite
/// checkpoints its log and removes the `-wal` and `-shm` files beside it; those the command
/// created are removed first if it fails (``finish(failed:)``).
final class OpenedCatalogs: Sendable {
  private let opened = Mutex<[(catalog: Catalog, url: URL, created: Bool)]>([])

  /// Opens a catalog with `open` and keeps it, noting whether opening it created the store.
  func opening(_ url: URL, _ open: () throws -> Catalog) throws -> Catalog {
    let catalog = try open()
    let created = try catalog.container(for: "").createdStoreFile(at: url)
    opened.withLock { $0.append((catalog, url, created)) }
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
    for (catalog, url, created) in catalogs {
      if failed, created {
        // A store that cannot be read to show that it is empty is kept: keeping is the safe
        // side, and the command's own error is the one to report.
        _ = try? catalog.container(for: "").removeCreatedStoreIfEmpty(at: url)
      }
      do {
        try catalog.container(for: "").close()
      } catch {
        failure = failure ?? error
      }
    }
    // A close that fails after the command failed leaves the log for the next open to
    // checkpoint, and changes no data: the command's error is the one the user can act on.
    if let failure, !failed { throw failure }
  }
}
