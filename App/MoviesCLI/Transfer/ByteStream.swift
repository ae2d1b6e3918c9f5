import Foundation

/// The bytes of a file, standard input or memory, read in large chunks and handed out one at
/// a time, so a file of any size is read in fixed memory.
struct ByteStream {
  /// A read that failed, with the system's reason.
  struct Failure: Error, Equatable {
    let reason: String
  }

  private static let chunkSize = 1 << 16

  /// Counts the bytes read from the source, for a progress bar to look at while the stream is
  /// being read. Only the thread reading the stream uses it.
  final class Meter {
    /// The bytes read from the source so far, a chunk at a time.
    fileprivate(set) var bytes = 0
  }

  /// The encoding of the source's text; other than UTF-8, it is converted to UTF-8 as it is read.
  enum Encoding: String, CaseIterable, ArgumentValue {
    /// UTF-8: read as it is, and refused where it is not UTF-8.
    case utf8 = "utf-8"
    /// ISO 8859-1, Latin-1: every byte is the character of that number.
    case latin1
  }

  /// The meter of the bytes read from the source.
  let meter = Meter()
  private let descriptor: Int32?
  private let encoding: Encoding
  private let isInterrupted: @Sendable () -> Bool
  /// Whether reads may wait for input (the descriptor is not a regular file's).
  private let waitsForInput: Bool
  private var buffer: [UInt8]
  private var index = 0
  private var end: Int
  private var exhausted: Bool
  private var atStart = true

  /// Reads from an open file descriptor, which the caller keeps and closes, converting text in
  /// `encoding` to UTF-8.
  ///
  /// Reading fails once `isInterrupted` says the work is to stop: it is asked before each
  /// chunk, so a long field or row is interruptible too. From a pipe, a FIFO or a terminal,
  /// input can be long in coming: each read first waits for it a tenth of a second at a time,
  /// asking `isInterrupted` in between. (A signal does not end a blocked read: the process's
  /// handler runs on another thread, and the read goes on.)
  init(descriptor: Int32, encoding: Encoding = .utf8, isInterrupted: @escaping @Sendable () -> Bool = { false }) {
    self.descriptor = descriptor
    self.encoding = encoding
    self.isInterrupted = isInterrupted
    var status = stat()
    waitsForInput = fstat(descriptor, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG
    buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    end = 0
    exhausted = false
  }

  /// Reads bytes already in memory.
  init(_ data: Data, encoding: Encoding = .utf8) {
    descriptor = nil
    self.encoding = encoding
    isInterrupted = { false }
    waitsForInput = false
    buffer = encoding == .latin1 ? Self.latin1ToUTF8(data) : [UInt8](data)
    end = buffer.count
    exhausted = true
  }

  /// The next byte, or `nil` at the end.
  ///
  /// - Throws: ``Failure`` if reading fails.
  @inline(__always)
  mutating func next() throws(Failure) -> UInt8? {
    if index == end, !(try refill()) { return nil }
    let byte = buffer[index]
    index += 1
    atStart = false
    return byte
  }

  /// The next byte without consuming it, or `nil` at the end.
  ///
  /// - Throws: ``Failure`` if reading fails.
  @inline(__always)
  mutating func peek() throws(Failure) -> UInt8? {
    if index == end, !(try refill()) { return nil }
    return buffer[index]
  }

  /// Appends bytes to `field` up to the first one for which `stop` is true, and returns that
  /// byte without consuming it; `nil` at the end. Runs of ordinary bytes are copied at once.
  /// Bytes that would make `field` longer than `limit` are not appended: they are counted in
  /// `dropped`, so a field of any length is read in bounded memory.
  ///
  /// - Throws: ``Failure`` if reading fails.
  @inline(__always)
  mutating func append(
    into field: inout [UInt8], limit: Int = .max, dropped: inout Int, until stop: (UInt8) -> Bool
  ) throws(Failure) -> UInt8? {
    while true {
      if index == end, !(try refill()) { return nil }
      atStart = false
      let (found, stopped) = buffer.withUnsafeBufferPointer { bytes -> (Int, UInt8?) in
        var position = index
        while position < end {
          if stop(bytes[position]) { return (position, bytes[position]) }
          position += 1
        }
        return (end, nil)
      }
      if found > index {
        let kept = min(found - index, max(0, limit - field.count))
        if kept > 0 { field.append(contentsOf: buffer[index..<index + kept]) }
        dropped += found - index - kept
      }
      index = found
      if let stopped { return stopped }
    }
  }

  /// Skips the given bytes if the stream starts with them.
  mutating func skip(prefix: [UInt8]) throws(Failure) {
    guard atStart else { return }
    atStart = false
    // The first chunk holds the prefix unless the source is shorter than it.
    while end - index < prefix.count, try refill(appending: true) {}
    if buffer[index..<end].starts(with: prefix) {
      index += prefix.count
    }
  }

  /// Reads the next chunk, keeping unread bytes when `appending`; `false` at the end.
  private mutating func refill(appending: Bool = false) throws(Failure) -> Bool {
    guard !exhausted, let descriptor else { return false }
    if !appending {
      index = 0
      end = 0
    }
    if buffer.count - end < Self.chunkSize { buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize)) }
    while true {
      guard !isInterrupted() else { throw Failure(reason: "interrupted") }
      if waitsForInput { try waitForInput(descriptor) }
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + end, bytes.count - end)
      }
      if count > 0 {
        meter.bytes += count
        if encoding == .latin1, buffer[end..<end + count].contains(where: { $0 >= 0x80 }) {
          let converted = Self.latin1ToUTF8(buffer[end..<end + count])
          buffer.replaceSubrange(end..<end + count, with: converted)
          end += converted.count
        } else {
          end += count
        }
        return true
      }
      if count == 0 {
        exhausted = true
        return false
      }
      guard errno == EINTR else { throw Failure(reason: String(cString: strerror(errno))) }
    }
  }

  /// Returns once the descriptor has input, or its writer is gone (a read then says which), and
  /// fails once `isInterrupted` says so.
  private func waitForInput(_ descriptor: Int32) throws(Failure) {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      guard !isInterrupted() else { throw Failure(reason: "interrupted") }
      let ready = poll(&entry, 1, 100)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw Failure(reason: String(cString: strerror(errno))) }
    }
  }

  /// Latin-1 bytes as UTF-8: bytes from 0x80 take two bytes each.
  private static func latin1ToUTF8(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var converted: [UInt8] = []
    converted.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      if byte < 0x80 {
        converted.append(byte)
      } else {
        converted.append(0xC0 | byte >> 6)
        converted.append(0x80 | byte & 0x3F)
      }
    }
    return converted
  }
}
