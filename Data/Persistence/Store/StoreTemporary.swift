import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a new store is built in, under a temporary name beside the store, before it is
/// linked into place: `.<store's name>.<32 hexadecimal digits>.new`, created `0600` and locked
/// (`flock`) by its creator for as long as the creator uses it.
///
/// A creator killed midway (`kill -9`, a crash, a power loss) leaves its temporary behind, with
/// SQLite's `-journal` or `-wal` perhaps; the lock goes with the process. The next creation of
/// the store, and the next writable open, remove every such temporary that is provably a
/// creator's and abandoned: its name has exactly this format for this store, it is a regular
/// file of the user's with no other link (or only the store itself as its other name), it is
/// empty or a SQLite database, and its lock can be taken. Anything else — a stranger's file with
/// a similar name, a temporary whose creator is still at work — is left alone.
struct StoreTemporary {
  /// The temporary's path.
  let path: String
  /// The open, locked file; closing it releases the lock.
  private let descriptor: Int32

  /// The endings of the names of a temporary's files.
  static let suffix = ".new"
  /// The number of hexadecimal digits that make a temporary's name unique.
  static let digits = 32

  /// The part of a store's name a temporary's name starts with: the name cut, at a character's
  /// boundary, so that the temporary's `-journal` still fits in a file name.
  static func prefix(of name: String) -> String {
    let room = StoreFile.longestName - (1 + 1 + digits + suffix.utf8.count + "-journal".utf8.count)
    var prefix = ""
    for character in name {
      guard prefix.utf8.count + character.utf8.count <= room else { break }
      prefix.append(character)
    }
    return prefix
  }

  /// A temporary that could not be created, with the `errno` that says why.
  struct Failure: Error {
    let code: Int32
  }

  /// Creates and locks a new temporary for the store `name` in `folder`.
  ///
  /// - Throws: ``Failure`` with the `errno` of the failure to create it (`EAGAIN` when another
  ///   process removed it before it was locked: try again).
  static func create(in folder: String, for name: String) throws(Failure) -> StoreTemporary {
    let random = (UUID().uuidString + UUID().uuidString).filter(\.isHexDigit).lowercased().prefix(digits)
    let path = "\(folder == "/" ? "" : folder)/.\(prefix(of: name)).\(random)\(suffix)"
    let descriptor = PrivateFiles.openNewFile(path)
    guard descriptor >= 0 else { throw Failure(code: -descriptor) }
    // Between the creation and the lock, another process's cleanup may have found the file
    // unlocked and removed it: then the name no longer leads to this file, and it is not used.
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, FileIdentity(path: path) == FileIdentity(descriptor: descriptor)
    else {
      // Whoever holds the lock, or removed the name, is removing the file.
      close(descriptor)
      throw Failure(code: EAGAIN)
    }
    return StoreTemporary(path: path, descriptor: descriptor)
  }

  /// Removes the temporary's files (SQLite's beside it first, so that the temporary itself goes
  /// last), then releases its lock.
  func remove() {
    for suffix in StoreFile.sidecarSuffixes { unlink(path + suffix) }
    unlink(path)
    close(descriptor)
  }

  /// Removes the temporaries of the store at `store` (its real path) that creators killed midway
  /// left behind, as the type's documentation says; a failure to remove one leaves it for the
  /// next time and is not reported, since nothing of the store depends on it.
  static func removeAbandoned(besideStore store: String) {
    guard let (folder, name) = RealPath.split(store), !name.isEmpty,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder)
    else { return }
    let start = ".\(prefix(of: name))."
    let storeIdentity = FileIdentity(path: store)
    for candidate in names where isTemporaryName(candidate, start: start) {
      removeIfAbandoned("\(folder == "/" ? "" : folder)/\(candidate)", store: storeIdentity)
    }
  }

  /// How many of the store's temporaries beside it (`store`, its real path) are names of the
  /// file `identity`: one that a creator linked into place and has not removed yet, or left
  /// when it was killed.
  static func names(of identity: FileIdentity, besideStore store: String) -> Int {
    guard let (folder, name) = RealPath.split(store), !name.isEmpty,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return 0 }
    let start = ".\(prefix(of: name))."
    return names.count { candidate in
      isTemporaryName(candidate, start: start)
        && FileIdentity(path: "\(folder == "/" ? "" : folder)/\(candidate)") == identity
    }
  }

  /// Whether a name is `<start><32 lowercase hexadecimal digits>.new`.
  private static func isTemporaryName(_ candidate: String, start: String) -> Bool {
    guard candidate.hasPrefix(start), candidate.hasSuffix(suffix) else { return false }
    let middle = candidate.utf8.dropFirst(start.utf8.count).dropLast(suffix.utf8.count)
    return middle.count == digits
      && middle.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }
  }

  private static func removeIfAbandoned(_ path: String, store: FileIdentity?) {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
      return
    }
    let identity = FileIdentity(descriptor: descriptor)
    // Linked into place, then left: its other name is the store.
    let isTheStore = status.st_nlink == 2 && identity != nil && identity == store
    guard status.st_nlink == 1 || isTheStore else { return }
    if !isTheStore {
      var header = [UInt8](repeating: 0, count: 16)
      let count = pread(descriptor, &header, header.count, 0)
      guard count == 0 || (count == header.count && header == Array("SQLite format 3\u{0}".utf8)) else { return }
    }
    // The creator holds this lock for as long as it lives and uses the file.
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, FileIdentity(path: path) == identity else { return }
    for suffix in StoreFile.sidecarSuffixes {
      var sidecar = stat()
      guard lstat(path + suffix, &sidecar) == 0, sidecar.st_mode & S_IFMT == S_IFREG, sidecar.st_uid == geteuid(),
        sidecar.st_nlink == 1
      else { continue }
      unlink(path + suffix)
    }
    unlink(path)
  }
}
