import Foundation
import SQLValues
import SQLiteCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder beside a store where attributes declared with external storage keep their bytes.
///
/// Each value is one file, named by a generated id (never by anything a user typed), created
/// exclusively (`O_EXCL`, so a file already there is never taken over), written and synced
/// before the row that names it commits. The store removes only files it recorded as its own:
/// each file it writes is listed in its manifest (``ExternalManifest``) in the same transaction
/// as the row, and named in its journal (``ExternalJournal``) before it is created, so a file
/// whose transaction never committed is known to be the store's too. A stranger's file in the
/// folder, whatever its name, is never removed. The folder is private to the user (0700) and
/// each file too (0600). Names are checked before use, so a stored name never reaches outside
/// the folder, and a file is read only if it is a regular file, never through a symbolic link.
final class ExternalFiles: Sendable {
  let folder: URL
  let journal: ExternalJournal
  /// The files written by the write transaction in progress, removed if it fails.
  private let written = Mutex<[String]>([])

  /// The folder of external files of the store file at `url`: beside it, named after it.
  static func folder(forStore url: URL) -> URL { url.appendingPathExtension("external") }

  /// The folder of external files at a URL. Nothing is created until the first file is
  /// written: the folder appears then, `0700` whatever the umask, so a store that is only read
  /// (or refused) never gains a folder. A folder that cannot be created (its parent is
  /// read-only, or a file is in its place) fails only the writes of files, each with a clear
  /// error: every other use of the store goes on.
  init(folder: URL) {
    self.folder = folder
    journal = ExternalJournal(folder: folder)
  }

  /// Creates the folder, private to the user, if it is not there.
  ///
  /// - Throws: ``PersistenceError/unreadableFile(_:)`` if it cannot be created.
  private func createFolder() throws(PersistenceError) {
    if PrivateFiles.exists(folder.path) {
      // Through a link, as the user may have placed the folder elsewhere.
      var status = stat()
      guard stat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        throw .unreadableFile("the folder for external files, \(folder.path), is not a folder")
      }
      return
    }
    do {
      _ = try PrivateFiles.createFolders(folder.path, for: folder.path)
    } catch {
      throw .unreadableFile("the folder for external files, \(folder.path), cannot be created")
    }
  }

  /// Writes bytes to a new file, synced to disk, records it in the manifest through
  /// `connection` (inside the caller's write transaction) and returns its name.
  ///
  /// The name is journaled before the file is created, so if the transaction never commits the
  /// store still knows the file is its own and removes it.
  ///
  /// - Throws: ``PersistenceError/unreadableFile(_:)`` if the file cannot be written.
  func write(_ data: Data, recordingOn connection: Connection) throws -> String {
    try createFolder()
    let newName = { Self.newName() + "-\(data.count)" }
    var name = newName()
    try journal.append([name])
    var descriptor = open(path(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, PrivateFiles.fileMode)
    while descriptor < 0, errno == EEXIST {
      // Someone else's file has this name: it stays; ours gets another.
      name = newName()
      try journal.append([name])
      descriptor = open(path(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, PrivateFiles.fileMode)
    }
    guard descriptor >= 0 else { throw failure("create", name) }
    written.withLock { $0.append(name) }
    // The umask may have taken bits from the owner too.
    fchmod(descriptor, PrivateFiles.fileMode)
    let complete = Self.writeAll(data, to: descriptor)
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard complete, synced else { throw failure("write", name) }
    Self.sync(folder.path)
    try ExternalManifest.record(name, on: connection)
    return name
  }

  /// Reads the bytes of a file named by a stored value.
  ///
  /// - Throws: ``PersistenceError/unreadableFile(_:)`` for a name that is not one this store
  ///   writes, or a file that is missing, unreadable, or not a regular file.
  func read(_ name: String) throws(PersistenceError) -> Data {
    guard Self.isValidName(name) else {
      throw .unreadableFile("'\(name)' is not the name of an external file")
    }
    let descriptor = open(path(name), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: throw .unreadableFile("the file \(name) is missing from \(folder.path)")
      case ELOOP: throw .unreadableFile("the file \(name) in \(folder.path) is a symbolic link, which is not followed")
      default: throw failure("open", name)
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure("read", name) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadableFile("the file \(name) in \(folder.path) is not a regular file")
    }
    let size = Int(status.st_size)
    if let written = Self.writtenSize(of: name), written != size {
      throw .unreadableFile("the file \(name) in \(folder.path) is damaged: \(size) bytes, not the \(written) written")
    }
    var data = Data(count: size)
    let count = data.withUnsafeMutableBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      var offset = 0
      while offset < size {
        let count = Glibc.read(descriptor, base + offset, size - offset)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        offset += count
      }
      return offset
    }
    guard count == size else { throw .unreadableFile("the file \(name) in \(folder.path) cannot be read whole") }
    return data
  }

  /// Settles what earlier transactions left, inside a write transaction (which keeps other
  /// processes' writes out): every journaled file the manifest does not list — written by a
  /// transaction that never committed, or removed by one that did — is deleted, and the
  /// journal is emptied.
  /// Returns the names of the files it deleted.
  @discardableResult
  func recover(on connection: Connection) throws -> [String] {
    let (names, needsClearing) = try journal.pending()
    guard needsClearing else { return [] }
    var deleted: [String] = []
    if try ExternalManifest.exists(on: connection) {
      for name in names where try !ExternalManifest.contains(name, on: connection) {
        if unlink(path(name)) == 0 { deleted.append(name) }
      }
    }
    try journal.clear()
    return deleted
  }

  /// Marks the files no row names any more as removed, in the caller's write transaction, and
  /// returns their names; ``remove(_:)`` deletes them once the transaction has committed.
  func collectGarbage(tables: [TableSchema], on connection: Connection) throws -> [String] {
    let names = try ExternalManifest.unreferenced(tables: tables, on: connection)
    // Journaled first: if the process dies between the commit and the deletion, the next
    // write finds them in the journal and not in the manifest, and deletes them.
    try journal.append(names)
    for name in names { try ExternalManifest.remove(name, on: connection) }
    return names
  }

  /// Deletes files that a committed transaction removed from the manifest; returns the names
  /// of those that were there to delete.
  @discardableResult
  func remove(_ names: [String]) -> [String] {
    names.filter { unlink(path($0)) == 0 }
  }

  /// Forgets the files of the transaction that just committed: they are the store's now.
  func commitWritten() { written.withLock { $0.removeAll() } }

  /// Deletes the files of the transaction that just failed: no row names them.
  func discardWritten() {
    remove(
      written.withLock { names in
        defer { names.removeAll() }; return names
      })
  }

  /// The path of a file in the folder.
  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Whether a name is one this store writes: 32 lower-case hexadecimal digits, then (for
  /// files written since sizes were recorded) a hyphen and the size in bytes, which reading
  /// checks, so a truncated or grown file is found. No such name reaches outside the folder.
  static func isValidName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count >= 32, bytes[0..<32].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return false }
    guard bytes.count > 32 else { return true }
    return bytes[32] == UInt8(ascii: "-") && (34...52).contains(bytes.count)
      && bytes[33...].allSatisfy { (0x30...0x39).contains($0) }
  }

  /// The size a name records, when it records one.
  static func writtenSize(of name: String) -> Int? {
    guard name.utf8.count > 33 else { return nil }
    return Int(name.dropFirst(33))
  }

  private static func newName() -> String {
    UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
  }

  /// Writes every byte of `data` to a descriptor.
  static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
  }

  /// Syncs a file or folder to disk, so a new name in it survives a power loss.
  static func sync(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private func failure(_ action: String, _ name: String) -> PersistenceError {
    .unreadableFile("cannot \(action) the file \(name) in \(folder.path): \(String(cString: strerror(errno)))")
  }
}
