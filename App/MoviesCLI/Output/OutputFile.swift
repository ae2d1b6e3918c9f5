import Foundation

/// A file the app writes at a path the user named, written the way a careful Unix tool
/// writes it: what is at the path is written, never replaced.
///
/// - A **regular file** (also one reached through a symbolic link) is written in place, so it
///   keeps its mode, owner, hard links and any link pointing at it. The output goes first to a
///   private, already-unlinked spool file; only on ``commit()`` — once its disk is seen to have
///   room for it — is the file truncated and the spool copied in. An export that fails before
///   then (a query, an encoding or a disk-full error) leaves the old content whole. The
///   trade-off: the output is written twice, the spool needs room in the temporary folder, and
///   a failure *during* the final copy (an I/O error, another process filling the disk) still
///   leaves the file cut short — the price of keeping the file's identity, which a
///   write-then-rename would lose.
/// - A **FIFO** or a **character device** (`/dev/null`, `/dev/stdout`, a terminal) is streamed
///   to as the output is produced, so it cannot be all or nothing: what was sent before a
///   failure or an interruption stays sent. Opening a FIFO waits for its reader, as a shell's
///   `>` does, and a write waits for a reader that is slow to read; both waits end once
///   `isInterrupted` says so.
/// - A **missing file** is created as the user's own file, its mode `0666` less the umask, as a
///   shell's `>` creates it (an export is meant to be shared; the store itself is private). A
///   dangling symbolic link creates the file it names. A new file that cannot be completed is
///   removed again.
/// - A **folder**, a block device, a socket or anything else is refused: nothing is written.
///
/// `-` is standard output; callers that print to standard output themselves handle it first.
///
/// A caller that catches the signals that end a process (``InterruptFlag``) keeps them from
/// cutting ``commit()``'s copy short: it asks `isInterrupted` once more before it, and lets the
/// copy finish once begun.
///
/// ```swift
/// let file = try OutputFile(path: "catalog.csv")
/// do {
///   try file.write("id,title\n")
///   try file.commit()
/// } catch {
///   file.discard()
///   throw error
/// }
/// ```
final class OutputFile {
  private enum Kind {
    /// Written as the output comes: a FIFO, a character device, standard output.
    case stream
    /// A regular file that existed: output spooled, copied in by `commit()`.
    case existing(spool: Int32)
    /// A file this output created, removed again by `discard()`.
    case created(device: UInt64, inode: UInt64)
  }

  /// The path as the user gave it.
  let path: String
  private let descriptor: Int32
  private let kind: Kind
  private let isInterrupted: @Sendable () -> Bool
  private var finished = false

  /// Opens the file at a path for writing, without changing it yet; the waits for a FIFO's
  /// reader end once `isInterrupted` says so.
  ///
  /// - Throws: ``AppError/unwritableFile(_:_:)`` for a folder, a block device, a socket, a
  ///   path that cannot be opened for writing, a spool that cannot be made, or a wait for a
  ///   FIFO's reader that was interrupted.
  init(path: String, isInterrupted: @escaping @Sendable () -> Bool = { false }) throws(AppError) {
    self.path = path
    self.isInterrupted = isInterrupted
    if path == "-" {
      (descriptor, kind) = (STDOUT_FILENO, .stream)
      return
    }
    // Opened without waiting: a FIFO's open would wait in the kernel for a reader, where no
    // signal caught by the process's handler could end it.
    var opened = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
    var created = false
    if opened < 0, errno == ENOENT {
      // O_EXCL refuses a dangling link; without it, the link is followed and its file created.
      opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NONBLOCK, 0o666)
      created = opened >= 0
      if opened < 0, errno == EEXIST { opened = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o666) }
    }
    // ENXIO: a FIFO no program reads yet; it is opened again a tenth of a second later.
    while opened < 0, errno == ENXIO {
      guard !isInterrupted() else { throw Self.failure(path, "interrupted while waiting for its reader") }
      usleep(100_000)
      opened = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
    }
    guard opened >= 0 else { throw Self.failure(path, errno == EISDIR ? "it is a folder" : Self.reason(errno)) }
    var status = stat()
    guard fstat(opened, &status) == 0 else {
      let code = errno
      close(opened)
      throw Self.failure(path, Self.reason(code))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG where created:
      kind = .created(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    case S_IFREG:
      let spool = Self.makeSpool()
      guard spool >= 0 else {
        let code = errno
        close(opened)
        throw Self.failure(path, Self.spoolReason(code))
      }
      kind = .existing(spool: spool)
    case S_IFIFO, S_IFCHR:
      // Left non-blocking (the open file is this process's own): a write that would wait polls
      // for room instead, asking `isInterrupted` in between.
      kind = .stream
    default:
      close(opened)
      throw Self.failure(path, "it is not a regular file, a FIFO or a character device")
    }
    descriptor = opened
  }

  deinit {
    if !finished { discard() }
  }

  /// Writes text as UTF-8.
  ///
  /// - Throws: ``AppError/unwritableFile(_:_:)`` if the bytes cannot all be written.
  func write(_ text: String) throws(AppError) {
    var text = text
    let written = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: target) }
    guard written else { throw writeFailure(errno) }
  }

  /// Writes bytes.
  ///
  /// - Throws: ``AppError/unwritableFile(_:_:)`` if the bytes cannot all be written.
  func write(_ bytes: UnsafeRawBufferPointer) throws(AppError) {
    guard writeAll(bytes, to: target) else { throw writeFailure(errno) }
  }

  /// The error of a write that failed with `code`: the spool's is the temporary folder's, not
  /// the file's.
  private func writeFailure(_ code: Int32) -> AppError {
    guard case .existing = kind else { return Self.failure(path, Self.reason(code)) }
    return Self.failure(path, Self.spoolReason(code))
  }

  /// Why the output could not be prepared in the temporary folder.
  private static func spoolReason(_ code: Int32) -> String {
    let folder = FileManager.default.temporaryDirectory.path
    let what = code == ENOSPC ? "is full" : "cannot hold it (\(reason(code)))"
    return "the temporary folder \(folder), where the output is prepared before it replaces the file's content, "
      + "\(what); set TMPDIR to a folder with room"
  }

  /// Where output goes until ``commit()``: the spool of an existing file, else the file.
  private var target: Int32 {
    if case .existing(let spool) = kind { spool } else { descriptor }
  }

  /// Finishes the output: a regular file that existed gets the spooled content in place of
  /// its old one, and is synced to disk with any new file.
  ///
  /// The copy is the one step that changes an existing file, and it does not stop for
  /// `isInterrupted`: stopped half-way, it would leave neither the old content nor the new.
  ///
  /// - Throws: ``AppError/unwritableFile(_:_:)`` if the content cannot be put in place.
  func commit() throws(AppError) {
    finished = true
    defer { closeAll() }
    switch kind {
    case .stream:
      return
    case .created:
      guard fsync(descriptor) == 0 else { throw Self.failure(path, Self.reason(errno)) }
    case .existing(let spool):
      let size = lseek(spool, 0, SEEK_END)
      guard size >= 0, lseek(spool, 0, SEEK_SET) == 0 else { throw Self.failure(path, Self.reason(errno)) }
      try checkRoom(for: size)
      guard ftruncate(descriptor, 0) == 0 else { throw Self.failure(path, Self.reason(errno)) }
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(spool, $0.baseAddress, $0.count) }
        if count == 0 { break }
        if count < 0, errno == EINTR { continue }
        let copied =
          count > 0
          && buffer.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: descriptor) }
        guard copied else { throw Self.failure(path, Self.reason(errno)) }
      }
      guard fsync(descriptor) == 0 else { throw Self.failure(path, Self.reason(errno)) }
    }
  }

  /// Checks that the file's disk has room for `size` bytes before the old content is touched,
  /// so a disk too full fails here and leaves the file whole, instead of during the copy with
  /// the file cut short. (Another process filling the disk meanwhile can still cut it short.)
  private func checkRoom(for size: off_t) throws(AppError) {
    var disk = statvfs()
    var file = stat()
    guard fstatvfs(descriptor, &disk) == 0, fstat(descriptor, &file) == 0 else { return }
    // The blocks the old content holds are freed for the new.
    let room = Int64(disk.f_bavail) * Int64(disk.f_frsize) + Int64(file.st_blocks) * 512
    guard room < Int64(size) else { return }
    throw Self.failure(path, "its disk has room for \(room) bytes, and the output needs \(size)")
  }

  /// Abandons the output: a regular file that existed keeps its old content, a file this
  /// output created is removed (if it is still the one at the path). What was already
  /// streamed to a FIFO or device stays sent.
  func discard() {
    finished = true
    if case .created(let device, let inode) = kind {
      var status = stat()
      if stat(path, &status) == 0, UInt64(status.st_dev) == device, UInt64(status.st_ino) == inode { unlink(path) }
    }
    closeAll()
  }

  private func closeAll() {
    if case .existing(let spool) = kind { close(spool) }
    if descriptor != STDOUT_FILENO { close(descriptor) }
  }

  /// A private temporary file with no name: gone when closed, whatever happens.
  private static func makeSpool() -> Int32 {
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("movies-output-XXXXXX").path.utf8CString)
    let spool = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard spool >= 0 else { return spool }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return spool
  }

  /// Writes every byte, with `SIGPIPE` held off this thread: a FIFO whose reader went away
  /// fails the write with `EPIPE`, for the command to report, instead of killing the process
  /// without a word. A stream with no room waits for it a tenth of a second at a time, and
  /// fails with `EINTR` once `isInterrupted` says so.
  private func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
      // The signal a failed write raised is taken while still held, so unblocking cannot deliver it.
      let code = errno
      var pending = sigset_t()
      if sigismember(&previous, SIGPIPE) == 0, sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
        var now = timespec()
        sigtimedwait(&pipeSignal, nil, &now)
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
      errno = code
    }
    var offset = 0
    while offset < bytes.count {
      let count = Foundation.write(descriptor, base + offset, bytes.count - offset)
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN {
        guard !isInterrupted() else {
          errno = EINTR
          return false
        }
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, 100)
        continue
      }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case EPIPE: "its reader closed it before the end (broken pipe)"
    case EINTR: "interrupted"
    default: String(cString: strerror(code))
    }
  }

  private static func failure(_ path: String, _ reason: String) -> AppError { .unwritableFile(path, reason) }
}
