import Catalog
import CatalogStorage
import FaultVFS
import Foundation
import Persistence

// A process for the reliability tests to kill or starve, writing a catalog store through the
// engine's public API:
//
//   reliability-worker batches STORE FIRST   commits batches FIRST, FIRST+1, … of
//                                            `WorkerBatch.size` movies, one transaction each,
//                                            printing each number once its COMMIT has returned;
//                                            runs until killed (at most
//                                            `WorkerBatch.limitPerRun` batches, then idle).
//   reliability-worker heap STORE BYTES      runs `HeapWorkload` under a hard heap limit of
//                                            BYTES, printing one line per step.
//   reliability-worker create STORE N        creates the catalog store through the `fault` VFS,
//                                            which kills the process (SIGKILL) at the Nth
//                                            write; prints "created" if it got that far.
//
// Exits 1 with the error if a step fails with an error the engine does not declare, 2 on
// wrong usage.
let arguments = CommandLine.arguments
guard arguments.count == 4, let number = Int64(arguments[3]) else {
  FileHandle.standardError.write(Data("usage: reliability-worker batches|heap|create STORE NUMBER\n".utf8))
  exit(2)
}
let store = URL(fileURLWithPath: arguments[2])
switch arguments[1] {
case "batches":
  do {
    try await WorkerBatch.commitUntilKilled(store: store, first: Int(number))
  } catch {
    FileHandle.standardError.write(Data("reliability-worker: \(error)\n".utf8))
    exit(1)
  }
case "heap":
  _ = fault_set_hard_heap_limit(number)
  let report = await HeapWorkload.run(store: store)
  _ = fault_set_hard_heap_limit(0)
  print(report.lines.joined(separator: "\n"))
  exit(report.untyped ? 1 : 0)
case "create":
  _ = fault_vfs_register()
  fault_vfs_reset(0)
  fault_vfs_arm(FAULT_OP_WRITE, number, FAULT_KILL)
  var configuration = ModelConfiguration("Catalog", url: store)
  configuration.vfs = String(cString: fault_vfs_name)
  do {
    _ = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [configuration])
    print("created")
  } catch {
    FileHandle.standardError.write(Data("reliability-worker: \(error)\n".utf8))
    exit(1)
  }
default:
  FileHandle.standardError.write(Data("reliability-worker: unknown mode \(arguments[1])\n".utf8))
  exit(2)
}
