import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 100-byte header of a SQLite database file, read as bytes, so that damage to it is
/// found even when SQLite cannot open the file.
///
/// See [the database header](https://www.sqlite.org/fileformat.html#the_database_header).
struct StoreHeader {
  /// The header's bytes.
  let bytes: [UInt8]

  /// The header of the file at `path`, or `nil` if it cannot be read.
  init?(path: String) {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    // Closing a handle opened for reading loses nothing, whatever it reports.
    defer { try? handle.close() }
    // A read that fails is a header that cannot be read, not an empty one.
    do {
      bytes = Array(try handle.read(upToCount: 100) ?? Data())
    } catch {
      return nil
    }
  }

  /// The header's problems, in words; none for a header SQLite and this engine both accept.
  var problems: [String] {
    guard bytes.count == 100 else {
      return bytes.isEmpty ? [] : ["the file is \(bytes.count) bytes long, shorter than a database header"]
    }
    guard Array(bytes[0..<16]) == Array("SQLite format 3\0".utf8) else {
      return ["the file does not start as a SQLite database does"]
    }
    var problems: [String] = []
    let (write, read) = (bytes[18], bytes[19])
    if !(1...2).contains(write) || !(1...2).contains(read) || write != read {
      problems.append(
        "the header's file format versions are \(write) (write) and \(read) (read), not both 1 or both 2 "
          + "(--repair sets both to 2, write-ahead logging)")
    }
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    if pageSize != 1, pageSize < 512 || pageSize & (pageSize - 1) != 0 {
      problems.append("the header's page size \(pageSize) is not a power of two from 512 to 65536")
    }
    if bytes[21] != 64 || bytes[22] != 32 || bytes[23] != 32 {
      problems.append("the header's payload fractions are \(bytes[21]), \(bytes[22]), \(bytes[23]), not 64, 32, 32")
    }
    if !(1...4).contains(bytes[47]) || bytes[44..<47].contains(where: { $0 != 0 }) {
      problems.append("the header's schema format number is not 1 to 4")
    }
    if !(1...3).contains(bytes[59]) || bytes[56..<59].contains(where: { $0 != 0 }) {
      problems.append("the header's text encoding is not 1 to 3")
    }
    if bytes[72..<92].contains(where: { $0 != 0 }) {
      problems.append("the header's reserved bytes (72 to 91) are not zero")
    }
    return problems
  }

  /// Whether ``resetVersions(path:)`` would repair the header: it is a SQLite header whose
  /// file format versions alone are wrong.
  var versionsAreTheOnlyFault: Bool {
    problems.count == 1 && problems[0].hasPrefix("the header's file format versions")
  }

  /// Sets the file format versions (bytes 18 and 19) to 2, write-ahead logging, which is what
  /// this engine's stores use and which keeps any write-ahead log's commits; syncs the file.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the file cannot be written.
  static func resetVersions(path: String) throws(PersistenceError) {
    try setVersions([2, 2], path: path)
  }

  /// The file format versions (bytes 18 and 19) as they are on disk.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if they cannot be read.
  static func versions(path: String) throws(PersistenceError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var versions: [UInt8] = [0, 0]
    guard versions.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress, 2, 18) }) == 2 else {
      throw .cannotOpen(path: path, reason: "its header cannot be read")
    }
    return versions
  }

  /// Writes the file format versions (bytes 18 and 19) and syncs the file.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the file cannot be written.
  static func setVersions(_ versions: [UInt8], path: String) throws(PersistenceError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    let written = versions.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 2, 18) }
    guard written == 2, fsync(descriptor) == 0 else {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
  }
}
