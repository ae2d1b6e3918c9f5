import Foundation
import SQLiteCore
import Synchronization

/// The read-only connections of a file store, lent out one per read, so that reads run
/// alongside each other and alongside a write: in WAL mode each sees the store as last
/// committed when its statement began.
///
/// Connections are opened when all are lent out, and kept for reuse up to a few; each keeps
/// its own prepared statements and row decoders.
final class ReaderPool: Sendable {
  /// How many idle connections are kept.
  static let keptIdle = 4

  private let path: String
  private let external: ExternalFiles?
  private let busyTimeout: Duration
  private let vfs: String?
  private let idle = Mutex<[Reader]>([])

  /// A lent connection and its codecs.
  ///
  /// `@unchecked Sendable`: a reader is used by one thread at a time. The pool hands each out to
  /// exactly one caller, which runs its body synchronously and gives it back; it is never
  /// shared while lent, and the pool touches only its reference under the lock.
  private final class Reader: @unchecked Sendable {
    let state: StoreState
    init(state: StoreState) { self.state = state }
  }

  /// A pool for the store file at `path`, whose connections wait up to `busyTimeout` for a lock
  /// and read through the named VFS (`nil`: the default).
  init(path: String, external: ExternalFiles?, busyTimeout: Duration, vfs: String? = nil) {
    self.path = path
    self.external = external
    self.busyTimeout = busyTimeout
    self.vfs = vfs
  }

  /// Runs `body` with a read-only connection of its own.
  ///
  /// - Throws: ``SQLiteError`` if a new connection cannot be opened, or what `body` throws.
  func read<T>(_ body: (StoreState) throws -> T) throws -> T {
    let lent =
      try idle.withLock { $0.popLast() }
      ?? Reader(
        state: StoreState(
          connection: try Connection(
            location: .file(path), readOnly: true, mapsMemory: true, busyTimeout: busyTimeout, vfs: vfs),
          external: external))
    defer {
      idle.withLock { readers in
        if readers.count < Self.keptIdle { readers.append(lent) }
      }
    }
    return try body(lent.state)
  }
}
