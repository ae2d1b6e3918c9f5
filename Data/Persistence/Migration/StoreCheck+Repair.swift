import Foundation
import SQLValues
import SQLiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StoreCheck {
  /// Makes the safe repairs of the problems found, and returns what was done, in words.
  ///
  /// Only what is the store's own is changed: the header's file format versions (when they
  /// alone are wrong), the modes of its files, the external files its manifest lists and no
  /// row names (or that a write which never committed left). With `detachingMissingFiles`,
  /// the names of missing files are also dropped from the lists of files their rows hold (a
  /// row holding a single file keeps it). Everything else is reported, never changed. Repairs
  /// are not recorded in the store's history. Check again afterwards to see what remains.
  ///
  /// A file that is not recognized as a store of the plan (another application's database)
  /// is not the store's own, so nothing of it is changed: a header repaired on trial is put back
  /// when the file it opens is not recognized.
  ///
  /// - Throws: ``PersistenceError`` if a repair fails; those made before it stay made. A store
  ///   file with hard links is not repaired: ``PersistenceError/cannotOpen(path:reason:)``.
  public func repair(detachingMissingFiles: Bool = false) throws(PersistenceError) -> [String] {
    // A file with other names is not written through this one (StoreFile.checkOneName()).
    try StoreFile(path: realURL.path).checkOneName(as: url.path)
    var done: [String] = []
    let repairs = (problems + notes).compactMap(\.repair)
    if repairs.contains(.resetHeaderVersions) {
      let original = try StoreHeader.versions(path: realURL.path)
      try StoreHeader.resetVersions(path: realURL.path)
      // A store that the reset does not make recognizable, or that no longer opens at all, gets
      // its original header back: the repair is undone rather than reported as an error.
      guard (try? StoreCheck(url: url, migrator: migrator))?.version != nil else {
        try StoreHeader.setVersions(original, path: realURL.path)
        return done
      }
      done.append("set the header's file format versions to 2 (write-ahead logging)")
    } else if version == nil {
      return done
    }
    for case .makePrivate(let path, let mode) in repairs {
      guard chmod(path, mode_t(mode)) == 0 else {
        throw .cannotOpen(path: path, reason: "its mode cannot be changed: \(String(cString: strerror(errno)))")
      }
      done.append("made \(path) private (mode \(String(mode, radix: 8)))")
    }
    let missing = repairs.compactMap { repair -> (String, String, SQLValue, String)? in
      guard detachingMissingFiles, case .detachMissingFile(let table, let column, let key, let name) = repair else {
        return nil
      }
      return (table, column, key, name)
    }
    guard repairs.contains(.removeUnreferencedFiles) || !missing.isEmpty, let tables else { return done }
    do {
      let connection = try Connection(location: .file(realURL.path), readOnly: false, creates: false)
      let external = ExternalFiles(folder: ExternalFiles.folder(forStore: realURL))
      var removed: [String] = []
      try connection.writeTransaction {
        let left = try external.recover(on: connection)
        if !left.isEmpty {
          done.append(
            "removed \(left.count) \(left.count == 1 ? "file" : "files") left by writes that never committed")
        }
        for (table, column, key, name) in missing {
          done.append(try Self.detach(name, from: table, column: column, key: key, tables: tables, on: connection))
        }
        removed = try external.collectGarbage(tables: tables, on: connection)
      }
      // Files already missing leave the manifest without being counted as removed.
      removed = external.remove(removed)
      if !removed.isEmpty {
        done.append("removed \(removed.count) \(removed.count == 1 ? "file" : "files") of the store that no row named")
      }
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .cannotOpen(path: realURL.path, reason: "\(error)")
    }
    return done
  }

  /// Drops a missing file's name from the list its row holds, in the caller's transaction.
  private static func detach(
    _ name: String, from table: String, column: String, key: SQLValue, tables: [TableSchema], on connection: Connection
  ) throws -> String {
    guard let schema = tables.first(where: { $0.name == table }) else { return "kept \(name): no table \(table)" }
    let quoted = SQLIdentifier.quote(column)
    let keyColumn = SQLIdentifier.quote(schema.primaryKey)
    let read = try connection.statement("SELECT \(quoted) FROM \(schema.quotedName) WHERE \(keyColumn) = ?1")
    try read.bind(key, at: 1)
    guard try read.step() else {
      read.reset()
      return "kept \(name): its row is gone"
    }
    let stored = read.text(at: 0)
    read.reset()
    guard stored.hasPrefix("[") else {
      return "kept \(name) in \(table) \(key.identifierDescription): \(column) holds one file, not a list"
    }
    let kept = ExternalNames.parse(stored).filter { $0 != name }
    let update = try connection.statement("UPDATE \(schema.quotedName) SET \(quoted) = ?1 WHERE \(keyColumn) = ?2")
    try update.bind([.text(ExternalNames.json(kept)), key])
    try update.run()
    return "detached the missing file \(name) from \(table) \(key.identifierDescription)"
  }

  /// The tables of the store's version, when it is recognized.
  private var tables: [TableSchema]? { versionTables }
}
