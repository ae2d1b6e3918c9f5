import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file is at a path: its device and inode, the same by any name, different for a file
/// that replaced it.
struct FileIdentity: Sendable, Hashable {
  let device: UInt64
  let inode: UInt64

  /// The identity of the file at a path (links followed), or nil if nothing is there.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of an open file, or nil if it cannot be told.
  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}

extension Store {
  /// Checks that the file this store opened is still the one at its path: a store removed,
  /// moved away or replaced by another file (a restored backup, another catalog) while open
  /// would otherwise go on being read and written unseen by anyone opening the path.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` saying what became of it.
  func checkFileInPlace() throws(PersistenceError) {
    guard let filePath, let openedIdentity else { return }
    let now = FileIdentity(path: filePath)
    guard now != openedIdentity else { return }
    throw .cannotOpen(
      path: configuration.path,
      reason: now == nil
        ? "the store was removed or moved away while open" : "the store was replaced by another file while open")
  }
}
