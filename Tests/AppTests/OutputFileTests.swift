import Foundation
import RepositoryTesting
import Synchronization
import TestSupport
import Testing

@testable import MoviesCLI

@Suite("Output files are written in place, as a careful Unix tool writes them")
struct OutputFileTests {
  let folder: URL
  /// The folder's owner, which removes it when the test process exits.
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory(prefix: "output")
    folder = temporary.url
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func status(_ path: String) -> stat {
    var status = stat()
    lstat(path, &status)
    return status
  }

  private func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes text to a path through an `OutputFile` and commits it.
  private func export(_ text: String, to path: String) throws {
    let file = try OutputFile(path: path)
    try file.write(text)
    try file.commit()
  }

  @Test func aRegularFileKeepsItsModeInodeAndHardLinks() throws {
    let target = path("catalog.csv")
    #expect(FileManager.default.createFile(atPath: target, contents: Data("an old, longer content\n".utf8)))
    #expect(chmod(target, 0o600) == 0)
    #expect(link(target, path("hard.csv")) == 0)
    let before = status(target)
    try export("new\n", to: target)
    let after = status(target)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_mode == before.st_mode)
    #expect(after.st_nlink == 2)
    #expect(contents(target) == "new\n")
    #expect(contents(path("hard.csv")) == "new\n")
  }

  @Test func aSymbolicLinkHasItsTargetWritten() throws {
    let target = path("real.csv")
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
    try FileManager.default.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: "real.csv")
    try export("new\n", to: path("link.csv"))
    #expect(status(path("link.csv")).st_mode & S_IFMT == S_IFLNK)
    #expect(contents(target) == "new\n")
    // A dangling link creates the file it names, and stays a link.
    try FileManager.default.createSymbolicLink(atPath: path("dangling.csv"), withDestinationPath: "later.csv")
    try export("made\n", to: path("dangling.csv"))
    #expect(status(path("dangling.csv")).st_mode & S_IFMT == S_IFLNK)
    #expect(contents(path("later.csv")) == "made\n")
  }

  @Test func aFIFOsReaderGetsTheOutput() async throws {
    let fifo = path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    // The reader blocks in open(2) and read(2), so it gets a thread of its own: a task could
    // wait behind this one for a thread of the cooperative pool, which has one per core.
    let received = Mutex(Data())
    let done = DispatchSemaphore(value: 0)
    Thread {
      let descriptor = open(fifo, O_RDONLY)
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
        received.withLock { $0.append(contentsOf: buffer[..<count]) }
      }
      done.signal()
    }.start()
    try export("streamed\n", to: fifo)
    done.wait()
    #expect(received.withLock { $0 } == Data("streamed\n".utf8))
    #expect(status(fifo).st_mode & S_IFMT == S_IFIFO)
  }

  @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
  func aCharacterDeviceIsWrittenNotReplaced() throws {
    // A node of /dev/null's device (1, 3) in the test's own folder.
    let device = path("null")
    #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    try export("gone\n", to: device)
    #expect(status(device).st_mode & S_IFMT == S_IFCHR)
  }

  @Test func aFolderIsAnErrorAndNothingIsWritten() throws {
    #expect(throws: AppError.unwritableFile(folder.path, "it is a folder")) { try OutputFile(path: folder.path) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aFailedOutputLeavesAnExistingFileWholeAndRemovesANewOne() throws {
    let existing = path("kept.csv")
    #expect(FileManager.default.createFile(atPath: existing, contents: Data("old\n".utf8)))
    let file = try OutputFile(path: existing)
    try file.write("half of the new")
    file.discard()
    #expect(contents(existing) == "old\n")
    let fresh = try OutputFile(path: path("new.csv"))
    try fresh.write("half")
    fresh.discard()
    #expect(!FileManager.default.fileExists(atPath: path("new.csv")))
  }

  @Test func aNewFileIsCreatedWithTheUmasksMode() throws {
    try export("x\n", to: path("new.csv"))
    let mask = umask(0o022)
    umask(mask)
    #expect(status(path("new.csv")).st_mode & 0o777 == 0o666 & ~mask)
  }

  /// Runs a command, returning whether it succeeded.
  private func succeeds(_ arguments: [String]) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  @Test(.enabled(if: getuid() == 0, "mounting a small file system takes root"))
  func anOutputTooLargeForItsDiskLeavesTheOldFileWhole() throws {
    let disk = path("small")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
    try #require(try succeeds(["/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk]))
    defer { _ = try? succeeds(["/bin/umount", disk]) }
    let target = disk + "/catalog.csv"
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
    let file = try OutputFile(path: target)
    try file.write(String(repeating: "a new line\n", count: 20_000))
    // It was truncated first, then filled until the disk was full: cut short.
    #expect(throws: AppError.self) { try file.commit() }
    #expect(contents(target) == "old\n")
  }
}
