public import Foundation

/// A fresh folder under the system's temporary directory, for one test's store files.
public struct TemporaryDirectory {
  /// The folder.
  public let url: URL

  /// Creates a new, empty folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A path inside the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
