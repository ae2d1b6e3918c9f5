import Foundation

/// Reads the image files named on a command line.
enum ImageFiles {
  /// The largest image accepted, in bytes.
  static let maximumSize = 32 * 1024 * 1024

  /// Returns the contents of each file, in order.
  ///
  /// - Throws: ``AppError/unreadableFile(_:_:)`` naming the first file that cannot be read.
  static func read(_ paths: [String]) throws(AppError) -> [Data] {
    try paths.map { (path) throws(AppError) -> Data in
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw .unreadableFile(path, "it does not exist or cannot be read")
      }
      guard data.count <= maximumSize else {
        throw .unreadableFile(path, "it is larger than \(maximumSize / 1024 / 1024) MiB")
      }
      return data
    }
  }
}
