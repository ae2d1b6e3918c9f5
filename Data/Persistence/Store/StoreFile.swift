import Foundation
import SQLValues
import SQLiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A store's file on disk, found and looked at before SQLite is allowed to change anything.
///
/// The path is resolved to the real file first (``RealPath``). A file that exists is checked
/// to be a regular file holding a SQLite database, and then read through a read-only
/// connection — immutable when no write-ahead log lies beside it, so that not even a `-wal` or
/// `-shm` file appears — for the caller to recognize as a store of its own. Only then is a
/// writing connection opened. A missing file is created whole: built under a temporary name in
/// the same folder and linked into place only when complete, so no other process ever sees a
/// half-made store, and two processes creating one store at once both end up using the same
/// file.
struct StoreFile {
  /// The endings of the files SQLite keeps beside a store: its write-ahead log, the log's
  /// index, and the rollback journal.
  static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

  /// The longest name a file may have (`NAME_MAX`), in bytes.
  static let longestName = 255

  /// The path as the user gave it, for messages.
  let given: String
  /// The real path of the file, which every connection and the external files use.
  let path: String
  /// The SQLite VFS its connections use; `nil` is the system's.
  let vfs: String?

  /// The store file at a path, read and written through the named VFS (`nil`: the default).
  init(path given: String, vfs: String? = nil) {
    self.given = given
    self.vfs = vfs
    path = RealPath.resolve(given)
  }

  /// Whether anything is at the real path.
  var exists: Bool { PrivateFiles.exists(path) }

  /// Checks that the file is a regular file that starts like a SQLite database, and that
  /// any `-wal`, `-shm` or `-journal` beside it is a regular file with no other name.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` for a folder, a FIFO, a device,
  ///   a file that cannot be read, an empty file or one that is not a SQLite database; for a
  ///   `-wal`, `-shm` or `-journal` that is a link, a FIFO (SQLite would wait on it forever), a
  ///   folder or a file with hard links (SQLite would write into another file). The file is
  ///   only read, never blocked on: a FIFO is refused before it is opened.
  func checkHeader() throws(PersistenceError) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(errno) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .cannotOpen(
        path: given,
        reason: status.st_mode & S_IFMT == S_IFDIR ? "it is a folder, not a store" : "it is not a regular file")
    }
    for suffix in Self.sidecarSuffixes {
      var sidecar = stat()
      guard lstat(path + suffix, &sidecar) == 0 else { continue }
      guard sidecar.st_mode & S_IFMT == S_IFREG, sidecar.st_nlink == 1 else {
        throw .cannotOpen(
          path: given,
          reason: "\(PathInMessage.name(path + suffix, inMessageAbout: given)) is not a regular file of its own "
            + "(it is a link, a FIFO, a folder, or has hard links); SQLite would use it as the store's \(suffix)")
      }
    }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 100)
    let count = read(descriptor, &bytes, bytes.count)
    guard count >= 0 else { throw failure(errno) }
    guard count > 0 else { throw .cannotOpen(path: given, reason: "the file is empty; it is not a store") }
    guard count == bytes.count, bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
      throw .cannotOpen(path: given, reason: "it is not a store (not a SQLite database)")
    }
  }

  /// How many names the regular file has besides its path: hard links made with `ln` or
  /// `cp -al`. A temporary of the store's own creation still linked to it (``StoreTemporary``)
  /// is not one.
  ///
  /// The links are counted again after the temporaries, until the count holds still: a creator
  /// that removed its temporary while they were looked for would otherwise leave one name too
  /// many, and a store that another process had just created was refused (seen under load).
  var otherNames: Int {
    var others = 0
    for _ in 0..<5 {
      guard let before = links, before > 1, let identity = FileIdentity(path: path) else { return 0 }
      let temporaries = StoreTemporary.names(of: identity, besideStore: path)
      guard let after = links else { return 0 }
      others = max(0, after - 1 - temporaries)
      if after == before { break }
    }
    return others
  }

  /// The number of names of the file at the path, when it is a regular file (a folder's links
  /// are its entries; what is not a regular file is refused for that).
  private var links: Int? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_nlink)
  }

  /// Checks that the file has no other name, as writing it needs: SQLite keeps a store's `-wal`
  /// and `-shm` beside the name it was opened by, so each name of a file with hard links gets a
  /// log of its own, and a write through one name overwrites what another name's log saved.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` naming the file (as `name`, or as
  ///   given), how many links it has and what to do.
  func checkOneName(as name: String? = nil) throws(PersistenceError) {
    let others = otherNames
    guard others > 0 else { return }
    throw .cannotOpen(path: name ?? given, reason: Self.linksReason(names: others + 1))
  }

  /// Why a store with `names` hard links is not written, and what to do.
  static func linksReason(names: Int) -> String {
    "it has \(names) hard links (other names for the same file, as `ln` or `cp -al` make), and SQLite "
      + "would keep a separate -wal beside each name, so that a write through one name loses what "
      + "was saved through another; copy it to a file of its own (`cp` without -l) and use the copy"
  }

  /// Where a store opened without saving reads the file: as it lies on disk (immutable) when
  /// this process may not write the file or its folder, or the file has hard links, and no
  /// write-ahead log lies beside it, else through SQLite's usual read-only connection. A WAL
  /// store's readers need a `-wal` and `-shm` beside it, which SQLite could not create in such a
  /// folder, and would leave beside a file the user may not write (or a name of a file with
  /// another name, that no writer may remove); with no log, every committed page is in the file.
  ///
  /// An immutable connection takes no lock, so it does not see what a process that may write the
  /// file changes meanwhile; it reads a store on read-only media or in another user's folder.
  var readLocation: Connection.Location {
    guard !isWritable, !PrivateFiles.exists(path + "-wal") else { return .file(path) }
    return .immutableFile(path)
  }

  /// Where a store opened without saving reads the file when its disk has no room for the
  /// `-wal` and `-shm` a reader needs: as it lies on disk, when no write-ahead log holds a commit
  /// (none, or an empty one another reader left); else `nil`, since the file alone would not show
  /// every commit.
  var readLocationOnFullDisk: Connection.Location? {
    hasLoggedCommits ? nil : .immutableFile(path)
  }

  /// Whether a write-ahead log beside the file may hold commits: it exists and is not empty.
  var hasLoggedCommits: Bool {
    var status = stat()
    return lstat(path + "-wal", &status) == 0 && status.st_size > 0
  }

  /// The folder that holds the file, where SQLite keeps its `-wal` and `-shm`.
  var folder: String { RealPath.split(path)?.folder ?? "/" }

  /// The words for the file's folder in a message that names the file as given: "its folder",
  /// with the folder's path when the path as given does not show it (a link to another folder).
  var folderInMessage: String {
    PathInMessage.name(folder, inMessageAbout: given) == "its folder" ? "its folder" : "its folder \(folder)"
  }

  /// Whether this process may write the file and its folder, and the file has no other name
  /// (``checkOneName(as:)``), as writing the store needs.
  var isWritable: Bool { access(path, W_OK) == 0 && access(folder, W_OK) == 0 && otherNames == 0 }

  /// Opens a read-only connection that changes nothing on disk: an immutable one unless the
  /// file's write-ahead log holds something and its index exists (then the log's committed
  /// pages must be read too, and no file needs creating). A plain read-only connection would
  /// create a `-wal` and `-shm` beside any file whose header asks for WAL, and leave them there.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the file is not a store SQLite
  ///   can read; ``PersistenceError/diskFull(path:temporary:)`` if it needs room a disk lacks.
  func inspectionConnection() throws(PersistenceError) -> Connection {
    try checkHeader()
    let logged = hasLoggedCommits && PrivateFiles.exists(path + "-shm")
    do {
      return try Connection(location: logged ? .file(path) : .immutableFile(path), readOnly: true, vfs: vfs)
    } catch  where error.isDiskFull {
      throw FullDisk.error(store: given, realPath: path)
    } catch {
      throw .cannotOpen(path: given, reason: explain(error))
    }
  }

  /// Gives a store's own `-wal`, `-shm` and `-journal` files the store's mode again, when the
  /// store is the user's and writable. SQLite creates them with the store's mode; one left by a
  /// reader while the store was read-only would otherwise keep every later write failing after
  /// the store is made writable again.
  func repairSidecarModes() {
    var store = stat()
    guard stat(path, &store) == 0, store.st_uid == geteuid(), access(path, W_OK) == 0 else { return }
    for suffix in Self.sidecarSuffixes {
      let descriptor = open(path + suffix, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      var sidecar = stat()
      guard fstat(descriptor, &sidecar) == 0, sidecar.st_mode & S_IFMT == S_IFREG, sidecar.st_uid == store.st_uid,
        sidecar.st_mode & 0o777 != store.st_mode & 0o777
      else { continue }
      fchmod(descriptor, store.st_mode & 0o777)
    }
  }

  /// Creates the store, private to the user (`0600`, in folders created `0700`), prepared by
  /// `prepare` on a connection to it before it appears at its path.
  ///
  /// If another process creates the store meanwhile, its store is kept and this one discarded;
  /// returns the folders this call created for the file, outermost first, if it created the
  /// file at the path, else `nil`.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the folder or the file cannot
  ///   be created, or what `prepare` throws; nothing is left behind.
  @discardableResult
  func create(_ prepare: (Connection) throws -> Void) throws -> [String]? {
    guard let (folder, name) = RealPath.split(path), !name.isEmpty, name != ".", name != ".." else {
      throw PersistenceError.cannotOpen(path: given, reason: "the path names a folder, not a store")
    }
    // SQLite needs room in a name for `-wal`; the temporary, also for `-journal`.
    guard name.utf8.count + "-wal".utf8.count <= Self.longestName else {
      throw PersistenceError.cannotOpen(
        path: given,
        reason:
          "its name is too long: a store's name may have at most \(Self.longestName - 4) bytes, to leave room for its -wal"
      )
    }
    let createdFolders = try PrivateFiles.createFolders(folder, for: given)
    var linked = false
    defer {
      if !linked, !exists { PrivateFiles.removeFolders(createdFolders) }
    }
    // What creators killed midway left beside the store.
    StoreTemporary.removeAbandoned(besideStore: path)
    let creation: StoreTemporary
    do {
      creation = try Self.createTemporary(in: folder, for: name)
    } catch {
      guard error.code == EACCES else { throw failure(error.code) }
      throw PersistenceError.cannotOpen(path: given, reason: "\(folderInMessage) is not writable")
    }
    defer { creation.remove() }
    let temporary = creation.path
    do {
      // The last connection to close checkpoints the log and removes it.
      let connection = try Connection(location: .file(temporary), readOnly: false, creates: false, vfs: vfs)
      try prepare(connection)
    } catch let error as SQLiteError {
      throw PersistenceError.cannotOpen(path: given, reason: error.message)
    }
    guard !PrivateFiles.exists(temporary + "-wal") else {
      throw PersistenceError.cannotOpen(path: given, reason: "the new store could not be completed")
    }
    // link() never replaces: if another process created the store first, its store stays.
    if link(temporary, path) == 0 {
      linked = true
    } else {
      let code = errno
      // A file system without hard links: rename(), which would replace, only while nothing is there.
      if [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(code), !exists, rename(temporary, path) == 0 {
        linked = true
      } else if code != EEXIST {
        throw failure(code)
      }
    }
    if linked { syncFolder(folder) }
    return linked ? createdFolders : nil
  }

  /// A new temporary for the store, tried again while other processes' cleanups remove the
  /// ones just made (which only a cleanup racing this very creation can do).
  private static func createTemporary(
    in folder: String, for name: String
  ) throws(StoreTemporary.Failure) -> StoreTemporary {
    var attempt = 0
    while true {
      do {
        return try StoreTemporary.create(in: folder, for: name)
      } catch  where error.code == EAGAIN && attempt < 8 {
        attempt += 1
      }
    }
  }

  /// SQLite's message for a failure to open or read the store, with the reason when it is the
  /// store's folder: SQLite keeps a WAL store's `-wal` and `-shm` beside it, so a folder the
  /// user cannot write makes even reading fail, with a message about writing. A file that is no
  /// database is said so in words of the engine's own, not SQLite's "file is not a database".
  func explain(_ error: SQLiteError) -> String {
    if error.isNotADatabase {
      return "it is not an SQLite database (another kind of file, or a damaged or encrypted database)"
    }
    guard error.isFileAccessFailure, access(folder, W_OK) != 0,
      !PrivateFiles.exists(path + "-wal")
    else { return error.message }
    return
      "\(error.message): \(folderInMessage) is not writable, and SQLite keeps the store's -wal and -shm files there"
  }

  private func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private func failure(_ code: Int32) -> PersistenceError {
    .cannotOpen(path: given, reason: code == ENOENT ? "no store exists there" : String(cString: strerror(code)))
  }
}
