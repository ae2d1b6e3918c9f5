#if os(Linux)
import Glibc

/// The kernel's word that a store's files changed: Linux's inotify, watching the store's folder,
/// so that a write-ahead log created, truncated, removed or replaced after the watch began is
/// seen like one written in place.
///
/// Used by one thread, which waits for ``descriptor`` to be readable and then calls ``drain()``;
/// the descriptor is closed with the value.
final class FileEvents {
  /// What a batch of events said.
  enum Reading: Equatable {
    /// Nothing about the store: another file of its folder, or no event at all.
    case unrelated
    /// The store's file or its write-ahead log changed, appeared, went or was replaced.
    case store
    /// The watch ended (the folder went or moved): the store must be checked, and
    /// from now on at an interval.
    case lost
  }

  /// The inotify descriptor, readable when events wait.
  let descriptor: Int32
  /// The names, in the folder, of the store's file and of its write-ahead log.
  private let names: Set<String>
  private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

  /// Watches the folder of the store at `path` (a real path), or nil when the kernel refuses —
  /// too many watches, a filesystem without inotify.
  init?(watching path: String) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    let mask = [IN_MODIFY, IN_CREATE, IN_DELETE, IN_MOVED_FROM, IN_MOVED_TO, IN_DELETE_SELF, IN_MOVE_SELF]
      .reduce(UInt32(0)) { $0 | UInt32($1) }
    guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    names = [name, name + "-wal"]
  }

  deinit { close(descriptor) }

  /// Reads every waiting event, and tells whether any concerned the store.
  func drain() -> Reading {
    var reading = Reading.unrelated
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      // EAGAIN: all read. Any other failure ends the watch rather than spinning on it.
      guard count > 0 else { return count < 0 && errno != EAGAIN ? .lost : reading }
      buffer.withUnsafeBytes { bytes in
        var offset = 0
        while offset + 16 <= count {
          let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let name = bytes[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
          offset += 16 + length
          if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            reading = .lost
          } else if reading == .unrelated,
            mask & UInt32(IN_Q_OVERFLOW) != 0 || names.contains(String(decoding: name, as: UTF8.self))
          {
            // Events dropped for want of room may have named the store.
            reading = .store
          }
        }
      }
    }
  }
}
#else
/// The kernel's word that a store's files changed, where this package has no way to hear it:
/// the store is checked at an interval instead.
final class FileEvents {
  /// What a batch of events said.
  enum Reading: Equatable {
    /// Nothing about the store.
    case unrelated
    /// The store's files changed.
    case store
    /// The watch ended.
    case lost
  }

  /// Never made here.
  init?(watching path: String) { nil }

  /// No descriptor: never made.
  var descriptor: Int32 { -1 }

  /// No events: never made.
  func drain() -> Reading { .lost }
}
#endif
