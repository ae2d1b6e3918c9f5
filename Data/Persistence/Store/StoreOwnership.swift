import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ModelContainer {
  /// Whether a path names one of the files a store of this container keeps — a store file,
  /// its `-wal`, `-shm` or `-journal`, or a file in its folder of external files — by any
  /// name: through links, a hard link, or a name that does not exist yet.
  ///
  /// Writing such a file from outside would corrupt the store or lose its committed changes,
  /// so an app checks before it writes a file whose path the user gave.
  public func isStoreFile(_ path: String) -> Bool {
    fileStores.contains { StoreOwnership(store: $0).owns(path) }
  }
}

/// The files one store keeps, found by real path and by file identity.
struct StoreOwnership {
  let store: Store

  /// Whether `path` is one of the store's files.
  func owns(_ path: String) -> Bool {
    guard let file = store.filePath else { return false }
    let real = RealPath.resolve(path)
    let folder = store.external.map { RealPath.resolve($0.folder.path) }
    let files = ([""] + StoreFile.sidecarSuffixes).map { file + $0 }
    if files.contains(real) || folder.map({ real == $0 || real.hasPrefix($0 + "/") }) == true { return true }
    guard let identity = FileIdentity(path: path) else { return false }
    if files.contains(where: { FileIdentity(path: $0) == identity }) { return true }
    // A hard link to an external file, elsewhere. A folder that cannot be listed holds no file
    // this user could have linked to, so nothing of the store's can be reached that way.
    var status = stat()
    guard let folder, stat(path, &status) == 0, status.st_nlink > 1,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return false }
    return names.contains { FileIdentity(path: folder + "/" + $0) == identity }
  }
}
