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
/// one process at a time, so writers of one store never interleave in it. A name it holds that
/// the manifest does not list belongs to a transaction that never committed (a file written for
/// it) or to one that committed a removal: either way the store's own, and unreferenced.
///
/// Each line names its store too (`owner name`, the owner being the store file's device and
/// inode), because a folder reached through a link may be shared by two stores: a store acts only
/// on its own lines and keeps the others'. The journal is used only as a regular file with one
/// name, opened without following a link and without waiting on a FIFO, so a journal replaced by
/// a link, a FIFO, a device or a hard link to another file is refused and that file left as it
/// was. It is read a chunk at a time, keeping only well-formed lines, so its size costs no memory.
struct ExternalJournal: Sendable {
  /// The journal's file name in the folder: not a name files are given, so never one of them.
  static let name = "journal"
  let path: String
  /// The store file whose lines this journal's user reads and writes.
  let storePath: String

  /// The journal in the folder of external files of the store whose folder is `folder`
  /// (see ``ExternalFiles/folder(forStore:)``).
  init(folder: URL) {
    path = folder.appendingPathComponent(Self.name).path
    storePath = folder.deletingPathExtension().path
  }

  /// Appends names and syncs the journal.
  ///
  /// - Throws: ``PersistenceError/unreadableFile(_:)`` if it cannot be written.
  func append(_ names: [String]) throws(PersistenceError) {
    guard !names.isEmpty else { return }
    let descriptor = try open(O_WRONLY | O_CREAT | O_APPEND)
    defer { close(descriptor) }
    fchmod(descriptor, PrivateFiles.fileMode)
    let lines = Data(names.map { "\(owner) \($0)\n" }.joined().utf8)
    guard ExternalFiles.writeAll(lines, to: descriptor), fsync(descriptor) == 0 else { throw failure("written") }
  }

  /// The valid names this store's lines hold; none when the journal does not exist.
  func names() throws(PersistenceError) -> [String] { try pending().names }

  /// This store's names, and whether the journal holds anything ``clear()`` would remove: a
  /// name of this store's, or a line that is no store's (left by a crash in mid-line, or garbage).
  func pending() throws(PersistenceError) -> (names: [String], needsClearing: Bool) {
    guard let descriptor = try openIfPresent(O_RDONLY) else { return ([], false) }
    defer { close(descriptor) }
    let lines = try lines(of: descriptor)
    return (lines.own, !lines.own.isEmpty || lines.malformed)
  }

  /// Empties the journal of this store's lines, keeping other stores' well-formed lines.
  func clear() throws(PersistenceError) {
    guard let descriptor = try openIfPresent(O_RDWR) else { return }
    defer { close(descriptor) }
    let others = try lines(of: descriptor).others
    let kept = Data(others.map { $0 + "\n" }.joined().utf8)
    guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0,
      ExternalFiles.writeAll(kept, to: descriptor), fsync(descriptor) == 0
    else { throw failure("written") }
  }

  /// This store's tag in the journal: its file's device and inode, which another store (or a
  /// copy) does not share. A store without a file (in memory) has a folder of its own.
  private var owner: String {
    var status = stat()
    guard stat(storePath, &status) == 0 else { return "0-0" }
    return "\(status.st_dev)-\(status.st_ino)"
  }

  /// The journal's well-formed lines: this store's names, and other stores' lines as they are.
  private func lines(
    of descriptor: Int32
  ) throws(PersistenceError) -> (
    own: [String], others: [String], malformed: Bool
  ) {
    let owner = owner
    var own: [String] = []
    var seen = Set<String>()
    var others: [String] = []
    var line: [UInt8] = []
    var tooLong = false
    var malformed = false
    func finish() {
      defer {
        line.removeAll(keepingCapacity: true)
        tooLong = false
      }
      guard !tooLong, let space = line.firstIndex(of: UInt8(ascii: " ")) else {
        malformed = malformed || tooLong || !line.isEmpty
        return
      }
      let tag = String(decoding: line[..<space], as: UTF8.self)
      let name = String(decoding: line[(space + 1)...], as: UTF8.self)
      guard ExternalFiles.isValidName(name), !tag.isEmpty,
        tag.utf8.allSatisfy({ $0 == 0x2D || (0x30...0x39).contains($0) })
      else {
        malformed = true
        return
      }
      if tag != owner {
        others.append("\(tag) \(name)")
      } else if seen.insert(name).inserted {
        own.append(name)
      }
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw failure("read") }
      if count == 0 { break }
      buffer.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < count {
          let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer($0) - base } ?? count
          // Only short runs are kept: no well-formed line is long.
          if !tooLong, line.count + (end - start) <= Self.longestLine {
            line.append(contentsOf: bytes[start..<end])
          } else {
            tooLong = true
          }
          if end < count { finish() }
          start = end + 1
        }
      }
    }
    finish()
    return (own, others, malformed)
  }

  /// The longest well-formed line: two 20-digit numbers, a hyphen, a space and a name.
  private static let longestLine = 96

  /// Opens the journal, creating it when `flags` say so, if it is a regular file of one name.
  private func open(_ flags: Int32) throws(PersistenceError) -> Int32 {
    guard let descriptor = try openIfPresent(flags) else { throw failure("opened") }
    return descriptor
  }

  /// Opens the journal, or returns nil when it does not exist: never through a link, never
  /// waiting for a FIFO's other end, and refused unless it is a regular file with no other name.
  private func openIfPresent(_ flags: Int32) throws(PersistenceError) -> Int32? {
    let descriptor = Glibc.open(path, flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, PrivateFiles.fileMode)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return nil
      // A symbolic link, or a FIFO no one reads.
      case ELOOP, ENXIO, EISDIR: throw notItsOwn
      default: throw failure("opened")
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_nlink == 1 else {
      close(descriptor)
      throw notItsOwn
    }
    // Reads and writes of a regular file wait as usual.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  private var notItsOwn: PersistenceError {
    .unreadableFile(
      "the journal of external files, \(path), is not a regular file of its own (it is a link, a FIFO, a folder "
        + "or a file with another name); it is left as it is")
  }

  private func failure(_ action: String) -> PersistenceError {
    .unreadableFile("the journal of external files, \(path), cannot be \(action): \(String(cString: strerror(errno)))")
  }
}
