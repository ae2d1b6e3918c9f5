public import Foundation
import Synchronization

/// A fresh folder under the system's temporary directory, for one test's store files, removed
/// when the test process exits.
///
/// Removed at exit rather than when the value goes: a test may hand the folder's paths to a
/// store, a process or a helper that outlives the value. (Left in place, each full run had
/// left some 600 folders behind.)
public struct TemporaryDirectory {
  /// The folder.
  public let url: URL

  /// Creates a new, empty folder whose name starts with `prefix`.
  public init(prefix: String = "repository-testing") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    TemporaryFolders.shared.removeAtExit(url)
  }

  /// A path inside the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// The folders to remove when the process exits.
private final class TemporaryFolders: Sendable {
  static let shared = TemporaryFolders()

  private let folders = Mutex<[URL]>([])

  private init() {
    atexit { TemporaryFolders.shared.removeAll() }
  }

  func removeAtExit(_ url: URL) { folders.withLock { $0.append(url) } }

  /// Removes every folder, as far as it can: at exit there is no test left to fail.
  private func removeAll() {
    for url in folders.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
  }
}
