import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The raw baseline's image files: the same work as the framework's external storage, written
/// by hand (create, write, fsync, rename, fsync the folder), named by generated ids.
struct RawImageFiles {
  let folder: URL

  init(folder: URL) throws {
    self.folder = folder
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  /// Writes one image and returns its file name.
  func write(_ data: Data) throws -> String {
    let name = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let temporary = folder.appendingPathComponent("tmp-" + name).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw BenchmarkError("cannot create \(temporary)") }
    let written = data.withUnsafeBytes { bytes in Glibc.write(descriptor, bytes.baseAddress, bytes.count) == bytes.count
    }
    fsync(descriptor)
    close(descriptor)
    guard written, rename(temporary, folder.appendingPathComponent(name).path) == 0 else {
      throw BenchmarkError("cannot write \(name)")
    }
    let directory = open(folder.path, O_RDONLY | O_CLOEXEC)
    fsync(directory)
    close(directory)
    return name
  }

  /// Reads the images a stored JSON array of names points to.
  func read(_ names: String) throws -> [Data] {
    try names.split(whereSeparator: { "[]\", ".contains($0) }).map { name in
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(String(name)).path) else {
        throw BenchmarkError("missing image \(name)")
      }
      return data
    }
  }
}
