public import Foundation
import RepositoryTesting
public import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A small disk of its own for a test: a `tmpfs` of a few hundred KiB mounted on a fresh
/// folder, which ``fill()`` fills to the last byte, as a full disk is. Mounting needs root
/// (the CI and the developers' machines run the tests as root); ``isAvailable`` says whether
/// it can be had here, for a test to be skipped, saying why, where it cannot.
public final class TinyDisk {
  /// The folder the disk is mounted on.
  public let url: URL
  private let filler: URL

  /// Whether this process may mount a `tmpfs`: tried once, on a disk unmounted at once.
  public static let isAvailable: Bool = (try? TinyDisk()) != nil

  /// Why a test that needs a disk of its own is skipped where ``isAvailable`` is false.
  public static let unavailable: Comment = "mounting a small tmpfs to fill needs root (mount -t tmpfs)"

  /// Mounts a new disk of `kibibytes` KiB.
  ///
  /// - Throws: `CocoaError` if the folder cannot be made or the disk cannot be mounted.
  public init(kibibytes: Int = 512) throws {
    let folder = try TemporaryDirectory(prefix: "tiny-disk")
    url = folder.file("disk")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    filler = url.appendingPathComponent(".filler")
    guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0777", "tmpfs", url.path]) else {
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  deinit {
    _ = Self.run("/bin/umount", ["-l", url.path])
  }

  /// A path on the disk.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Fills the disk to its last byte.
  public func fill() {
    let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let block = [UInt8](repeating: 0, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, 1) }) > 0 {}
  }

  /// Frees what ``fill()`` took.
  public func free() { unlink(filler.path) }

  private static func run(_ program: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
