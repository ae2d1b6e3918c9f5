import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process may write a catalog's store file and the folder that holds it: SQLite
/// keeps a store's `-wal` and `-shm` in that folder, so opening it to write needs both.
struct StoreWriteAccess {
  /// The store file, its links followed.
  let file: URL

  /// The access to the store file at `file` (a link is followed to the file it names).
  init(file: URL) {
    self.file = file.resolvingSymlinksInPath()
  }

  /// `true` when both may be written, `false` when either may not, `nil` when no file is there
  /// (opening then says so).
  var isGranted: Bool? {
    guard access(file.path, F_OK) == 0 else { return nil }
    return access(file.path, W_OK) == 0 && access(file.deletingLastPathComponent().path, W_OK) == 0
  }
}
