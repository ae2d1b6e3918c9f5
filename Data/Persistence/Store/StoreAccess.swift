public import Foundation

/// What this process may do with a store file, asked before opening it.
public enum StoreAccess {
  /// Whether this process may write the store file at `url` (links followed) and the folder that
  /// holds it, where SQLite keeps the store's `-wal` and `-shm`, and the file has no hard link
  /// (a second name, with a `-wal` of its own) — what a writable open needs; `nil` when no file
  /// is there (opening then says so).
  ///
  /// A store it may not write still opens without saving (``ModelConfiguration/allowsSave``
  /// off): read as it lies on disk, so nothing is created beside it.
  public static func allowsWriting(storeAt url: URL) -> Bool? {
    let file = StoreFile(path: url.path)
    return file.exists ? file.isWritable : nil
  }
}
