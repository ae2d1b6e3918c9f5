import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the files and folders of a store private to the user — folders `0700`, files
/// `0600` — whatever the process's umask, and without following a link planted at the new
/// name.
enum PrivateFiles {
  /// The mode of a store's folders.
  static let folderMode: mode_t = 0o700
  /// The mode of a store's files.
  static let fileMode: mode_t = 0o600

  /// Creates a folder and any missing folders above it, each `0700`, and returns the paths
  /// it created, outermost first (an existing folder is left as it is). Two processes creating
  /// the same folders at once both succeed.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` naming the folder that cannot be
  ///   created and why.
  static func createFolders(_ path: String, for store: String) throws(PersistenceError) -> [String] {
    var missing: [String] = []
    var folder = path
    // Walked by the letters, each step shorter: `..` after a missing folder cannot be created;
    // an empty name or `.` is the folder before it.
    while !exists(folder), let (parent, name) = RealPath.split(folder) {
      guard name != ".." else {
        throw .cannotOpen(
          path: store, reason: "\(PathInMessage.name(parent, inMessageAbout: store)) does not exist")
      }
      if !name.isEmpty, name != "." { missing.append(folder) }
      folder = parent
    }
    var created: [String] = []
    for folder in missing.reversed() {
      if mkdir(folder, folderMode) == 0 {
        created.append(folder)
        // The umask may have taken bits from the owner too.
        chmod(folder, folderMode)
      } else if errno != EEXIST {
        let reason = String(cString: strerror(errno))
        removeFolders(created)
        throw .cannotOpen(
          path: store, reason: "\(PathInMessage.name(folder, inMessageAbout: store)) cannot be created: \(reason)")
      }
    }
    return created
  }

  /// Removes folders that ``createFolders(_:for:)`` created, innermost first, if still empty.
  static func removeFolders(_ folders: [String]) {
    for folder in folders.reversed() { rmdir(folder) }
  }

  /// Creates an empty file, `0600`, that must not exist yet (not even as a dangling link).
  ///
  /// - Returns: `0`, or the `errno` of the failure (`EEXIST` when something is at the path).
  static func createEmptyFile(_ path: String) -> Int32 {
    let descriptor = openNewFile(path)
    guard descriptor >= 0 else { return -descriptor }
    close(descriptor)
    return 0
  }

  /// Creates an empty file, `0600`, that must not exist yet (not even as a dangling link), and
  /// returns its open descriptor, for reading and writing.
  ///
  /// - Returns: the descriptor, or the negated `errno` of the failure (`-EEXIST` when something
  ///   is at the path); nothing is left at the path after a failure.
  static func openNewFile(_ path: String) -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
    guard descriptor >= 0 else { return -errno }
    // The umask may have taken bits from the owner too.
    guard fchmod(descriptor, fileMode) == 0 else {
      let code = errno
      close(descriptor)
      unlink(path)
      return -code
    }
    return descriptor
  }

  /// Whether anything (a file, a folder, a link) is at a path.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }
}
