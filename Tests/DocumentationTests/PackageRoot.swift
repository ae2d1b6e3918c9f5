import Foundation

/// The folder that holds `Package.swift`, found from this file's own path, so the checkout's name
/// and place do not matter.
enum PackageRoot {
  /// The package's folder.
  static let url: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
      folder.pathComponents.count > 1
    {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  /// The text of a file of the package, by its path relative to the package.
  static func text(of path: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
  }

  /// The paths, relative to the package, of the files under a folder whose names end with a suffix,
  /// sorted.
  static func files(under folder: String, endingWith suffix: String) -> [String] {
    let base = url.appendingPathComponent(folder)
    guard let items = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    return items.compactMap { $0 as? URL }.map(\.path).filter { $0.hasSuffix(suffix) }
      .map { String($0.dropFirst(url.path.count + 1)) }.sorted()
  }
}
