import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the image files named on a command line.
enum ImageFiles {
  /// The largest image accepted, in bytes.
  static let maximumSize = 32 * 1024 * 1024

  /// Returns the contents of each file, in order.
  ///
  /// A file's size is checked before it is read, and no more than ``maximumSize`` and one byte
  /// is ever read (a pipe or a device has no size to check first), so a huge file is refused
  /// without being read whole.
  ///
  /// - Throws: ``AppError/unreadableFile(_:_:)`` naming the first file that cannot be read.
  static func read(_ paths: [String]) throws(AppError) -> [Data] {
    try paths.map { (path) throws(AppError) -> Data in try read(path, limit: maximumSize) }
  }

  /// Reads at most `limit` bytes of a file.
  ///
  /// - Throws: ``AppError/unreadableFile(_:_:)`` if it cannot be read or is larger.
  static func read(_ path: String, limit: Int) throws(AppError) -> Data {
    let tooLarge = AppError.unreadableFile(path, "it is larger than \(limit / 1024 / 1024) MiB")
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadableFile(path, "it does not exist or cannot be read") }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
      throw .unreadableFile(path, "it is a folder, not a file")
    }
    if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > limit { throw tooLarge }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw .unreadableFile(path, "it cannot be read") }
      if count == 0 { return data }
      guard data.count + count <= limit else { throw tooLarge }
      data.append(contentsOf: buffer[0..<count])
    }
  }
}
