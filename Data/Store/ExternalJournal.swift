import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of external files a store is about to create or delete, one per line, synced
/// before the file is created and before the transaction that removes it commits.
///
/// It is only ever changed inside a write transaction, which SQLite grants to one connection of
/// one process at a time, so writers never interleave in it. A name it holds that the manifest
/// does not list belongs to a transaction that never committed (a file written for it) or to
/// one that committed a removal: either way the store's own, and unreferenced.
struct ExternalJournal: Sendable {
  /// The journal's file name in the folder: not a name files are given, so never one of them.
  static let name = "journal"
  let path: String

  /// Appends names and syncs the journal.
  ///
  /// - Throws: ``PersistenceError/unreadableFile(_:)`` if it cannot be written.
  func append(_ names: [String]) throws(PersistenceError) {
    guard !names.isEmpty else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, PrivateFiles.fileMode)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    fchmod(descriptor, PrivateFiles.fileMode)
    let lines = Data(names.map { $0 + "\n" }.joined().utf8)
    guard ExternalFiles.writeAll(lines, to: descriptor), fsync(descriptor) == 0 else { throw failure() }
  }

  /// The valid names the journal holds; none when it does not exist.
  func names() throws(PersistenceError) -> [String] {
    var status = stat()
    guard lstat(path, &status) == 0 else { return [] }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadableFile("the journal of external files, \(path), is not a regular file")
    }
    guard status.st_size > 0 else { return [] }
    guard let data = FileManager.default.contents(atPath: path) else { throw failure() }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter(
      ExternalFiles.isValidName)
  }

  /// Empties the journal.
  func clear() throws(PersistenceError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      if errno == ENOENT { return }
      throw failure()
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw failure() }
  }

  private func failure() -> PersistenceError {
    .unreadableFile("the journal of external files, \(path), cannot be written: \(String(cString: strerror(errno)))")
  }
}
