import Foundation
import SQLValues
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

  private let location: Connection.Location
  private let external: ExternalFiles?
  private let busyTimeout: Duration
  private let vfs: String?
  /// The idle readers, and whether the pool was closed.
  private let idle = Mutex<(readers: [Reader], isClosed: Bool)>(([], false))

  /// A lent connection and its codecs.
  ///
  /// `@unchecked Sendable`: a reader is used by one thread at a time. The pool hands each out to
  /// exactly one caller, which runs its body synchronously and gives it back; it is never
  /// shared while lent, and the pool touches only its reference under the lock.
  private final class Reader: @unchecked Sendable {
    let state: StoreState
    init(state: StoreState) { self.state = state }
  }

  /// A pool for the store file at `location` (a file, or a file read as it lies), whose
  /// connections wait up to `busyTimeout` for a lock and read through the named VFS (`nil`: the
  /// default).
  init(location: Connection.Location, external: ExternalFiles?, busyTimeout: Duration, vfs: String? = nil) {
    self.location = location
    self.external = external
    self.busyTimeout = busyTimeout
    self.vfs = vfs
  }

  /// Runs `body` with a read-only connection of its own.
  ///
  /// - Throws: ``PersistenceError/closed(path:)`` once the pool is closed; ``SQLiteError`` if a
  ///   new connection cannot be opened, or closed when the pool was closed meanwhile; or what
  ///   `body` throws.
  func read<T>(_ body: (StoreState) throws -> T) throws -> T {
    let lent = try idle.withLock { (idle) throws(PersistenceError) -> Reader? in
      guard !idle.isClosed else { throw .closed(path: location.path) }
      return idle.readers.popLast()
    }
    let reader =
      try lent
      ?? Reader(
        state: StoreState(
          connection: try Connection(
            location: location, readOnly: true, mapsMemory: true, busyTimeout: busyTimeout, vfs: vfs),
          external: external))
    let result: T
    do {
      result = try body(reader.state)
    } catch {
      // The body's error is the one to report; a connection that then fails to close is closed
      // when it is released, and adds nothing the caller can act on.
      try? giveBack(reader)
      throw error
    }
    try giveBack(reader)
    return result
  }

  /// Keeps a reader for reuse, or closes it when the pool was closed while it was lent.
  private func giveBack(_ reader: Reader) throws {
    let keep = idle.withLock { idle in
      guard !idle.isClosed else { return false }
      if idle.readers.count < Self.keptIdle { idle.readers.append(reader) }
      return true
    }
    if !keep { try reader.state.close() }
  }

  /// Closes the idle connections and refuses new reads; a connection lent out is closed when
  /// its read ends.
  ///
  /// - Throws: ``SQLiteError`` for the first connection that cannot be closed; the others are
  ///   closed all the same.
  func close() throws {
    let readers = idle.withLock { idle in
      idle.isClosed = true
      defer { idle.readers = [] }
      return idle.readers
    }
    var failure: (any Error)?
    for reader in readers {
      do { try reader.state.close() } catch { failure = failure ?? error }
    }
    if let failure { throw failure }
  }
}
