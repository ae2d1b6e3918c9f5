import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real path of a file: absolute, with every symbolic link followed, even when the file
/// (or the target of a dangling link) does not exist yet.
///
/// A store is always used through its real path, so that a store opened through a symbolic
/// link, or moved together with the folder of its external files, finds them beside the real
/// file, and two paths to one file are one store.
enum RealPath {
  /// How many symbolic links are followed before giving up, as the kernel's `ELOOP` limit.
  static let maximumLinks = 40

  /// The real path of `path` (made absolute against the current folder first).
  ///
  /// A missing file's folder is resolved and its name kept; a dangling link is followed to
  /// the file it names. A path that cannot be resolved (a loop of links, a folder that cannot be
  /// searched) is returned as given, made absolute, for the next operation to report.
  static func resolve(_ path: String) -> String {
    // Made absolute by hand: URL would fold `..` by the letters, but `..` after a link means
    // the link target's parent, which only the file system knows; realpath() resolves it.
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return resolve(absolute, links: 0, asFolder: false) ?? absolute
  }

  private static func resolve(_ path: String, links: Int, asFolder: Bool) -> String? {
    guard links <= maximumLinks else { return nil }
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    guard errno == ENOENT else { return nil }
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
      // A dangling link: the file it names, made absolute against the link's folder.
      guard let target = linkTarget(path) else { return nil }
      guard let (folder, _) = split(path) else { return nil }
      return resolve(target.hasPrefix("/") ? target : folder + "/" + target, links: links + 1, asFolder: asFolder)
    }
    // A missing file: its real folder, and its name. `..` after a missing folder cannot be
    // resolved; nor can a file's name that is empty or `.` (the path names a folder), though in
    // a folder's path they stand for the folder before them.
    guard let (folder, name) = split(path), name != ".." else { return nil }
    if name.isEmpty || name == "." { return asFolder ? resolve(folder, links: links, asFolder: true) : nil }
    guard let real = resolve(folder, links: links, asFolder: true) else { return nil }
    return real == "/" ? "/" + name : real + "/" + name
  }

  /// An absolute path's folder and last name, split at the last `/` by the letters — neither
  /// `.`, `..` nor an empty name is folded away — or nil for `/` itself. The folder is
  /// always shorter than the path.
  static func split(_ path: String) -> (folder: String, name: String)? {
    guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
