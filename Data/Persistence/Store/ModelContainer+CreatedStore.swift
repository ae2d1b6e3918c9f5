public import Foundation
import SQLValues
import SQLiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ModelContainer {
  /// Whether opening the container created the file of a store at `url`: it was missing, and
  /// no other process created it first. Only then may a caller whose first work failed remove
  /// it, with ``removeCreatedStoreIfEmpty(at:)``.
  public func createdStoreFile(at url: URL) -> Bool {
    fileStores.contains { $0.createdFile && StoreOwnership(store: $0).owns(url.path) }
  }

  /// The version opening the container migrated the store at `url` from, or `nil` if that
  /// store needed no migration — perhaps because another process migrated it first: the
  /// version is read again under the migration's write lock, so of two processes migrating one
  /// store at once, one migrates it and the other finds it current.
  public func migratedVersion(ofStoreAt url: URL) -> Schema.Version? {
    fileStores.first { StoreOwnership(store: $0).owns(url.path) }?.migratedFrom
  }

  /// Removes the store at `url` if opening this container created its file and no table of it
  /// holds a row — for a caller whose first work failed, so that it leaves nothing behind;
  /// returns whether it was removed. With the file go its `-wal`, `-shm` and `-journal`, its
  /// folder of external files if that was made with it and holds nothing but the store's
  /// journal, and the folders made for it, if empty.
  ///
  /// It runs under the store's write lock: a write of another process that opened the store
  /// meanwhile and waits for the lock then fails, saying the store was removed, instead of
  /// writing into a removed file. Use the container for nothing afterwards.
  ///
  /// - Throws: `PersistenceError` if the store cannot be read to tell whether it is empty; it is
  ///   kept then.
  public func removeCreatedStoreIfEmpty(at url: URL) throws -> Bool {
    guard let store = fileStores.first(where: { $0.createdFile && StoreOwnership(store: $0).owns(url.path) }),
      let path = store.filePath
    else { return false }
    return try store.withState { state in
      try state.connection.writeTransaction {
        try store.checkFileInPlace()
        for table in store.tables.values {
          let statement = try state.connection.statement("SELECT EXISTS (SELECT 1 FROM \(table.quotedName))")
          defer { statement.reset() }
          guard try statement.step(), statement.int64(at: 0) == 0 else { return false }
        }
        // Under the lock, no other process can have written between the check and the removal.
        // What cannot be removed (a sidecar SQLite never made) is simply not there to remove.
        unlink(path)
        for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
        // A folder that cannot be listed is kept: it may hold what is not the store's.
        if store.createdExternalFolder, let folder = store.external?.folder.path,
          let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
          names.allSatisfy({ $0 == ExternalJournal.name })
        {
          for name in names { unlink(folder + "/" + name) }
          rmdir(folder)
        }
        PrivateFiles.removeFolders(store.createdFolders)
        return true
      }
    }
  }
}
