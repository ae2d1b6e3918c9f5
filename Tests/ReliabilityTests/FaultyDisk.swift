import FaultVFS
import Foundation

/// The fault-injecting VFS `fault` (Tests/FaultVFS), seen from Swift.
///
/// Its state is process-wide, so the suites that use it are serialized and no other suite
/// names it.
enum FaultyDisk {
  /// The name a ``Persistence/ModelConfiguration`` gives to read and write through it.
  static let name = String(cString: fault_vfs_name)

  /// An operation on a file that the VFS counts and can fail.
  enum Operation: CaseIterable, CustomStringConvertible {
    case read, write, sync, truncate

    var raw: fault_op {
      switch self {
      case .read: FAULT_OP_READ
      case .write: FAULT_OP_WRITE
      case .sync: FAULT_OP_SYNC
      case .truncate: FAULT_OP_TRUNCATE
      }
    }

    var description: String {
      switch self {
      case .read: "read"
      case .write: "write"
      case .sync: "sync"
      case .truncate: "truncate"
      }
    }
  }

  /// What happens at the armed operation.
  enum Fault {
    /// It fails with an I/O error.
    case ioError
    /// It fails as on a full disk, and so does every later write until ``freeSpace()``.
    case diskFull
    /// Power goes just before it: unsynced writes are kept, dropped or torn at random, and every
    /// later operation fails.
    case powerLoss

    var raw: fault_kind {
      switch self {
      case .ioError: FAULT_IO_ERROR
      case .diskFull: FAULT_DISK_FULL
      case .powerLoss: FAULT_POWER_LOSS
      }
    }
  }

  /// Registers the VFS (once) and clears its counters and faults.
  static func reset(seed: UInt64 = 0) {
    _ = registered
    fault_vfs_reset(seed)
  }

  private static let registered: Void = {
    let result = fault_vfs_register()
    precondition(result == 0, "the fault VFS cannot be registered: \(result)")
  }()

  /// How many operations of a kind were done since the last reset.
  static func count(_ operation: Operation) -> Int { Int(fault_vfs_count(operation.raw)) }

  /// The counts of every kind of operation since the last reset.
  static var counts: [Operation: Int] {
    Dictionary(uniqueKeysWithValues: Operation.allCases.map { ($0, count($0)) })
  }

  /// Makes the `n`th operation of a kind (from 1, counted from the last reset) fail.
  static func arm(_ operation: Operation, at n: Int, _ fault: Fault) {
    fault_vfs_arm(operation.raw, Int64(n), fault.raw)
  }

  /// Whether the armed fault has happened.
  static var fired: Bool { fault_vfs_fired() != 0 }

  /// Ends a full disk.
  static func freeSpace() { fault_vfs_free_space() }
}
