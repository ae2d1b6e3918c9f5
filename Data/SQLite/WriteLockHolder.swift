package import Foundation

/// The process that holds a SQLite database's write lock, as the operating system reports it.
///
/// SQLite locks with POSIX advisory locks: in WAL mode a writer holds byte 120 of the `-shm`
/// file (the first of the WAL-index locks, see [the WAL-index format](https://www.sqlite.org/walformat.html));
/// with a rollback journal it holds the reserved byte of the database file (see
/// [file locking](https://www.sqlite.org/lockingv3.html)). Linux lists every such lock, with the
/// process that holds it, in `/proc/locks`; reading that list opens neither file, which matters:
/// closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's
/// included. Elsewhere, or when the holder is in another PID namespace, it is unknown.
public struct WriteLockHolder: Equatable, Sendable, CustomStringConvertible {
  /// The holder's process id.
  public let processID: Int32
  /// The holder's command name, such as `movies`, when it can be read.
  public let name: String?
  /// Whether the holder is this very process (another of its connections).
  public let isCurrentProcess: Bool

  /// Creates a description of a holder.
  public init(processID: Int32, name: String?, isCurrentProcess: Bool) {
    self.processID = processID
    self.name = name
    self.isCurrentProcess = isCurrentProcess
  }

  /// `another process (movies, pid 1234)`, or `another connection of this process`.
  public var description: String {
    if isCurrentProcess { return "another connection of this process" }
    return "another process (" + (name.map { "\($0), " } ?? "") + "pid \(processID))"
  }

  /// The byte of the `-shm` file that the WAL writer locks.
  static let walWriteLockByte: UInt64 = 120
  /// The byte of the database file that a rollback-journal writer locks (`PENDING_BYTE + 1`).
  static let reservedByte: UInt64 = 0x4000_0001

  /// The holder of the write lock of the database file at `path`, if the system tells.
  ///
  /// Best effort by design: it only adds a name to a busy error, so a `/proc` that cannot be
  /// read means "unknown", never a failure of its own.
  package init?(databaseAt path: String, locks: String? = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) {
    guard let locks else { return nil }
    let candidates = [(path + "-shm", Self.walWriteLockByte), (path, Self.reservedByte)]
    for (file, byte) in candidates {
      var status = stat()
      guard stat(file, &status) == 0, let pid = Self.writer(in: locks, of: status, byte: byte) else { continue }
      let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      self.init(processID: pid, name: name?.isEmpty == false ? name : nil, isCurrentProcess: pid == getpid())
      return
    }
    return nil
  }

  /// The process holding a POSIX write lock over `byte` of the file, from `/proc/locks`'s lines
  /// such as `1: POSIX  ADVISORY  WRITE 1234 fe:00:16222818 120 120`.
  package static func writer(in locks: String, of file: stat, byte: UInt64) -> Int32? {
    let device = "\(hex(major(file.st_dev))):\(hex(minor(file.st_dev))):\(file.st_ino)"
    for line in locks.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      // A waiting lock is listed as "-> POSIX …", one field longer; it is not held.
      guard fields.count == 8, fields[1] == "POSIX", fields[3] == "WRITE", fields[5] == device,
        let pid = Int32(fields[4]), pid > 0, let start = UInt64(fields[6])
      else { continue }
      let end = fields[7] == "EOF" ? UInt64.max : UInt64(fields[7]) ?? 0
      if start <= byte, byte <= end { return pid }
    }
    return nil
  }

  private static func hex(_ value: UInt32) -> String {
    let text = String(value, radix: 16)
    return text.count < 2 ? "0" + text : text
  }

  private static func major(_ device: dev_t) -> UInt32 {
    UInt32(truncatingIfNeeded: ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF))
  }

  private static func minor(_ device: dev_t) -> UInt32 {
    UInt32(truncatingIfNeeded: (device & 0xFF) | ((device >> 12) & ~0xFF))
  }
}
