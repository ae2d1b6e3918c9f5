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
    return resolve(absolute, links: 0) ?? absolute
  }

  private static func resolve(_ path: String, links: Int) -> String? {
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
      let next =
        target.hasPrefix("/")
        ? target : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
      return resolve(next, links: links + 1)
    }
    // A missing file: its real folder, and its name.
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    guard folder != path, let real = resolve(folder, links: links) else { return nil }
    return URL(fileURLWithPath: real).appendingPathComponent(url.lastPathComponent).path
  }

  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
