import Foundation
import SQLValues
import SQLiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which disk a write that found no room filled: the store's own, or that of the temporary
/// folder where SQLite keeps the files of large sorts, indexes being built and copies.
///
/// SQLite reports both as `SQLITE_FULL`; the disks themselves tell them apart: the temporary
/// folder is blamed when it is on another disk than the store, has (almost) no room left, and
/// the store's disk has some.
enum FullDisk {
  /// Less room than this counts as none: SQLite writes pages of up to 64 KiB, and a disk a
  /// few pages from full fails the next write of any size.
  static let nearlyNone: Int64 = 1 << 20

  /// The folder SQLite's temporary files go to on Unix: `SQLITE_TMPDIR`, else `TMPDIR`, else the
  /// first of `/var/tmp`, `/usr/tmp` and `/tmp` that is a folder this process may write, else the
  /// current folder ([temporary files](https://www.sqlite.org/tempfiles.html)).
  static var temporaryFolder: String {
    let environment = ProcessInfo.processInfo.environment
    let candidates = [environment["SQLITE_TMPDIR"], environment["TMPDIR"], "/var/tmp", "/usr/tmp", "/tmp"]
    for case let folder? in candidates where !folder.isEmpty {
      var status = stat()
      if stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, access(folder, W_OK | X_OK) == 0 {
        return folder
      }
    }
    return FileManager.default.currentDirectoryPath
  }

  /// The error for a write that found no room, on behalf of the store whose file is at
  /// `realPath`, named `given` in messages; `temporary` is SQLite's temporary folder.
  static func error(
    store given: String, realPath: String, temporary: String = temporaryFolder
  ) -> PersistenceError {
    let folder = RealPath.split(realPath)?.folder ?? "/"
    guard let storeDisk = Disk(folder), let temporaryDisk = Disk(temporary), storeDisk.device != temporaryDisk.device,
      temporaryDisk.room < nearlyNone, storeDisk.room >= nearlyNone
    else { return .diskFull(path: given, temporary: false) }
    return .diskFull(path: temporary, temporary: true)
  }

  /// The error for `error` when it says a disk is full, else `error` itself.
  static func translate(_ error: any Error, store given: String, realPath: String?) -> any Error {
    guard let error = error as? SQLiteError, error.isDiskFull else { return error }
    return Self.error(store: given, realPath: realPath ?? given)
  }

  /// A disk, seen through a folder on it.
  private struct Disk {
    let device: UInt64
    /// The bytes this process may still write on it.
    let room: Int64

    init?(_ folder: String) {
      var status = stat()
      var disk = statvfs()
      guard stat(folder, &status) == 0, statvfs(folder, &disk) == 0 else { return nil }
      device = UInt64(status.st_dev)
      room = Int64(disk.f_bavail) * Int64(disk.f_frsize)
    }
  }
}
