package import Foundation

/// Random (version 4) UUIDs from the system's secure random source, fetched 4 KiB at a time.
///
/// `UUID()` on Linux opens and reads `/dev/urandom` for every identifier, several system calls
/// each; a bulk write that makes one per row spends more time there than in SQLite. This makes
/// 256 identifiers per read of that same source.
package struct RandomUUIDs {
  private var buffer = [UInt8](repeating: 0, count: 4096)
  private var next = 4096

  /// Creates a source whose first identifier reads the system's random source.
  package init() {}

  /// A new random UUID.
  package mutating func make() -> UUID {
    if next == buffer.count { refill() }
    var value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
    withUnsafeMutableBytes(of: &value) { bytes in
      buffer.withUnsafeBytes { source in
        bytes.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[next..<next + 16]))
      }
      bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
      bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 4122 variant
    }
    next += 16
    return UUID(uuid: value)
  }

  private mutating func refill() {
    let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
    let filled = buffer.withUnsafeMutableBytes { bytes -> Bool in
      guard source >= 0 else { return false }
      defer { close(source) }
      var offset = 0
      while offset < bytes.count {
        let count = read(source, bytes.baseAddress! + offset, bytes.count - offset)
        if count <= 0 {
          guard count < 0, errno == EINTR else { return false }
          continue
        }
        offset += count
      }
      return true
    }
    if !filled {
      // No /dev/urandom (a sandbox): the standard library's generator, 8 bytes a call.
      var generator = SystemRandomNumberGenerator()
      for index in stride(from: 0, to: buffer.count, by: 8) {
        withUnsafeBytes(of: generator.next()) { buffer.replaceSubrange(index..<index + 8, with: $0) }
      }
    }
    next = 0
  }
}
