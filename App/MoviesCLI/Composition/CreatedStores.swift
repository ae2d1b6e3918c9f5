import Foundation
import Persistence
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stores a command created, with the folders above them it made, so that a command that
/// fails leaves nothing behind it created: ``removeAll()`` takes away exactly those — never a
/// file or folder that was there before the command began.
final class CreatedStores: Sendable {
  /// One store the command created: its file (by path and identity, so a file another process
  /// put in its place is left alone), and what was missing beside and above it before.
  private struct Created {
    let path: String
    let identity: (device: UInt64, inode: UInt64)
    /// The store's companions (`-wal`, `-shm`, `-journal`, `.external`) that did not exist.
    let companions: [String]
    /// The folders above the store that did not exist, deepest first.
    let folders: [String]
  }

  private let created = Mutex<[Created]>([])

  /// Opens a catalog with `open`, creating it; when it did not exist before and the catalog's
  /// container created it (not another process at the same time), records it and what was
  /// made for it.
  func opening(_ url: URL, _ open: () throws -> Catalog) throws -> Catalog {
    let path = url.path
    guard !Self.exists(path) else { return try open() }
    var folders: [String] = []
    var folder = url.deletingLastPathComponent()
    while folder.path != "/", !Self.exists(folder.path) {
      folders.append(folder.path)
      folder = folder.deletingLastPathComponent()
    }
    let companions = ["-wal", "-shm", "-journal", ".external"].map { path + $0 }.filter { !Self.exists($0) }
    // A store that fails to open leaves no file or folder behind: the engine sees to that.
    let result = try open()
    if result.container.createdStoreFile(at: url), let identity = Self.identity(path) {
      created.withLock {
        $0.append(Created(path: path, identity: identity, companions: companions, folders: folders))
      }
    }
    return result
  }

  /// Removes every store recorded, its companions that did not exist before, and the folders
  /// made for it (each only if empty). Called once the command has failed and let go of them.
  func removeAll() {
    for store in created.withLock({ $0 }) {
      guard let identity = Self.identity(store.path), identity == store.identity else { continue }
      for companion in store.companions { try? FileManager.default.removeItem(atPath: companion) }
      unlink(store.path)
      for folder in store.folders { rmdir(folder) }
    }
    created.withLock { $0.removeAll() }
  }

  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  private static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return (UInt64(status.st_dev), UInt64(status.st_ino))
  }
}
