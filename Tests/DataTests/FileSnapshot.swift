import Foundation

/// A file's bytes and which file it is (device, inode) and when it last changed: equal
/// snapshots mean the file was neither rewritten nor replaced.
struct FileSnapshot: Equatable {
  let bytes: Data
  let device: UInt64
  let inode: UInt64
  let modified: timespec

  /// Reads the file at `url`.
  init(_ url: URL) throws {
    bytes = try Data(contentsOf: url)
    var status = stat()
    guard stat(url.path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    modified = status.st_mtim
  }

  static func == (lhs: FileSnapshot, rhs: FileSnapshot) -> Bool {
    lhs.bytes == rhs.bytes && lhs.device == rhs.device && lhs.inode == rhs.inode
      && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
  }
}
