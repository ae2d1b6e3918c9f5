import Synchronization

/// The store files this process has open, by file identity, so that one file is never opened
/// by two names at once.
///
/// SQLite keeps a store's `-wal` and `-shm` beside the name it was opened by. Two names for
/// one file — a file bind-mounted elsewhere — would each get a log of their own, and a write
/// through one would overwrite what the other's log saved. Names in one folder (the same folder
/// by any path: a link, a bind mount of the folder) with one file name share their log and
/// are one name here. A hard link is refused before this (``StoreFile/checkOneName(as:)``).
enum OpenStoreFiles {
  /// Where a name keeps its log: its folder's identity and its file name.
  struct LogPlace: Hashable {
    let folder: FileIdentity?
    let name: String
  }

  /// Each open file's log place and how many stores of this process hold it open.
  private static let open = Mutex<[FileIdentity: (place: LogPlace, count: Int)]>([:])

  /// Records that a store opened the file `identity` at `path` (its real path).
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` (naming `given`) if this process
  ///   has the same file open by a name whose log lies elsewhere; nothing is recorded then.
  static func add(_ identity: FileIdentity, path: String, given: String) throws(PersistenceError) {
    let (folder, name) = RealPath.split(path) ?? ("/", path)
    let place = LogPlace(folder: FileIdentity(path: folder), name: name)
    let conflict: Bool = open.withLock { open in
      if let entry = open[identity] {
        guard entry.place == place else { return true }
        open[identity] = (place, entry.count + 1)
      } else {
        open[identity] = (place, 1)
      }
      return false
    }
    guard conflict else { return }
    throw .cannotOpen(
      path: given,
      reason: "this process already has the same file open by another name (a bind mount of the file), and "
        + "SQLite would keep a separate -wal beside each name; open it by one name only")
  }

  /// Records that a store holding the file `identity` closed.
  static func remove(_ identity: FileIdentity) {
    open.withLock { open in
      guard let entry = open[identity] else { return }
      open[identity] = entry.count > 1 ? (entry.place, entry.count - 1) : nil
    }
  }
}
