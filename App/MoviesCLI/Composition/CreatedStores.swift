import Foundation
import Persistence
import Synchronization

/// The stores a command created, so that a command that fails leaves nothing behind it
/// created: ``removeAll()`` removes each, with what was made for it, if it still holds nothing —
/// never a store that was there before the command began, nor one another process created at
/// the same time or has written to since (the engine decides, under the store's write lock).
final class CreatedStores: Sendable {
  private let created = Mutex<[(catalog: Catalog, url: URL)]>([])

  /// Opens a catalog with `open`, and records its store if opening created it.
  func opening(_ url: URL, _ open: () throws -> Catalog) throws -> Catalog {
    let catalog = try open()
    if catalog.container.createdStoreFile(at: url) { created.withLock { $0.append((catalog, url)) } }
    return catalog
  }

  /// Removes every store recorded that holds nothing, and lets go of them all. Called once the
  /// command has failed.
  func removeAll() {
    for (catalog, url) in created.withLock({ $0 }) {
      // A store that cannot be read to show that it is empty is kept: keeping is the safe side,
      // and the command's own error is the one to report.
      _ = try? catalog.container.removeCreatedStoreIfEmpty(at: url)
    }
    created.withLock { $0.removeAll() }
  }
}
