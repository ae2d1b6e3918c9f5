import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder beside a store where attributes declared with external storage keep their bytes.
///
/// Each value is one file, named by a generated id (never by anything a user typed), written
/// and synced before the row that names it commits. Files no row names any more are removed
/// after each commit by ``collectGarbage(keeping:)``; a crash at any point leaves at worst an
/// unreferenced file, which the next collection removes. The folder is private to the user
/// (0700) and each file too (0600). Names are checked before use, so a stored name can never
/// reach outside the folder.
final class ExternalFiles: Sendable {
  let folder: URL

  /// The folder of external files at a URL. Nothing is created until the first file is
  /// written: the folder appears then, `0700` whatever the umask, so a store that is only read
  /// (or refused) never gains a folder.
  init(folder: URL) {
    self.folder = folder
  }

  /// Writes bytes to a new file, synced to disk, and returns its name.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` if the file cannot be written.
  func write(_ data: Data) throws(PersistenceError) -> String {
    let name = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let temporary = folder.appendingPathComponent("tmp-" + name).path
    let final = folder.appendingPathComponent(name).path
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, PrivateFiles.fileMode)
    if descriptor < 0, errno == ENOENT {
      _ = try PrivateFiles.createFolders(folder.path, for: folder.path)
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, PrivateFiles.fileMode)
    }
    guard descriptor >= 0 else { throw failure("create", temporary) }
    // The umask may have taken bits from the owner too.
    fchmod(descriptor, PrivateFiles.fileMode)
    let written = data.withUnsafeBytes { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written, synced, rename(temporary, final) == 0 else {
      unlink(temporary)
      throw failure("write", final)
    }
    syncFolder()
    return name
  }

  /// Reads the bytes of a file named by a stored value.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for a name that is not one this store
  ///   writes, or a file that is missing.
  func read(_ name: String) throws(PersistenceError) -> Data {
    guard Self.isValidName(name) else {
      throw .invalidValue("'\(name)' is not the name of an external file")
    }
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
      throw .invalidValue("the external file \(name) is missing from \(folder.path)")
    }
    return data
  }

  /// Removes every file that no stored row names, and any left half-written.
  func collectGarbage(keeping referenced: Set<String>) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names where !referenced.contains(name) && (Self.isValidName(name) || name.hasPrefix("tmp-")) {
      unlink(folder.appendingPathComponent(name).path)
    }
  }

  /// Whether a name is one this store writes: 32 lower-case hexadecimal digits.
  static func isValidName(_ name: String) -> Bool {
    name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  private func syncFolder() {
    let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private func failure(_ action: String, _ path: String) -> PersistenceError {
    .invalidValue("cannot \(action) the external file \(path): \(String(cString: strerror(errno)))")
  }
}
