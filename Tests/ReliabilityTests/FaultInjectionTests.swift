import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Every read, write, sync and truncation of a catalog workload fails in turn, or power is lost
/// there: each failure is a typed error, and the store reopens in the state before or after
/// the failing transaction — never with a change that was reported committed missing.
@Suite("I/O faults and power loss", .serialized)
struct FaultInjectionTests {
  let folder: TemporaryDirectory
  let workload = CatalogWorkload()
  let prepared: URL

  init() async throws {
    folder = try TemporaryDirectory()
    prepared = folder.file("prepared.store")
    try await workload.prepare(prepared)
  }

  /// A fresh copy of the prepared store.
  func copy(_ name: String) throws -> URL {
    let url = folder.file("\(name).store")
    try FileManager.default.copyItem(at: prepared, to: url)
    return url
  }

  /// How many operations of each kind a clean run of the workload does.
  func cleanCounts() async throws -> [FaultyDisk.Operation: Int] {
    FaultyDisk.reset()
    let outcome = await workload.run(on: try copy("clean"), vfs: FaultyDisk.name)
    #expect(outcome.error == nil && outcome.wrongRead == nil)
    return FaultyDisk.counts
  }

  /// Checks what a faulted run left: a typed error if any, and the store before or after the
  /// failing step, sound.
  func verify(_ outcome: CatalogWorkload.Outcome, at url: URL, _ label: String) async throws {
    #expect(outcome.wrongRead == nil, "\(label): \(outcome.wrongRead ?? "")")
    if let error = outcome.error {
      #expect(error is RepositoryError || error is PersistenceError, "\(label): untyped \(type(of: error)): \(error)")
    }
    let stored = Set(try await CatalogStore.movies(in: url))
    let before = workload.state(after: outcome.completed)
    let after = workload.state(after: outcome.completed + 1)
    #expect(
      stored == before || (outcome.error != nil && stored == after),
      "\(label): after \(outcome.completed) steps the store holds \(stored.count) movies")
    #expect(try CatalogStore.problems(of: url) == [], "\(label)")
  }

  @Test func eachFailingOperationThrowsAndLeavesTheOldOrTheNewState() async throws {
    let counts = try await cleanCounts()
    #expect(counts[.write, default: 0] > 0 && counts[.sync, default: 0] > 0 && counts[.read, default: 0] > 0)
    for (operation, count) in counts { ReliabilityScale.report("\(operation)s of a clean run", count) }
    var points = 0
    for operation in FaultyDisk.Operation.allCases {
      for n in stride(from: 1, through: counts[operation, default: 0], by: 1) {
        let url = try copy("\(operation)-\(n)")
        FaultyDisk.reset()
        FaultyDisk.arm(operation, at: n, .ioError)
        let outcome = await workload.run(on: url, vfs: FaultyDisk.name)
        #expect(!FaultyDisk.fired || outcome.error != nil, "\(operation) \(n) failed and the workload reported success")
        try await verify(outcome, at: url, "\(operation) \(n)")
        points += 1
      }
    }
    ReliabilityScale.report("I/O fault points", points)
  }

  @Test func powerLossKeepsEveryCommittedTransaction() async throws {
    let counts = try await cleanCounts()
    let seeds = ReliabilityScale.count(1, long: 8)
    var points = 0
    for seed in 0..<seeds {
      for operation in [FaultyDisk.Operation.write, .sync, .truncate] {
        for n in stride(from: 1, through: counts[operation, default: 0], by: 1) {
          let url = try copy("power-\(seed)-\(operation)-\(n)")
          FaultyDisk.reset(seed: UInt64(seed * 1000 + n))
          FaultyDisk.arm(operation, at: n, .powerLoss)
          let outcome = await workload.run(on: url, vfs: FaultyDisk.name)
          try await verify(outcome, at: url, "power loss before \(operation) \(n), seed \(seed)")
          points += 1
        }
      }
    }
    ReliabilityScale.report("power-loss points", points)
  }

  @Test func aFullDiskSaysSoAndARetryAfterFreeingSpaceWorks() async throws {
    let counts = try await cleanCounts()
    var points = 0
    for n in stride(from: 1, through: counts[.write, default: 0], by: 1) {
      let url = try copy("full-\(n)")
      FaultyDisk.reset()
      FaultyDisk.arm(.write, at: n, .diskFull)
      // The failed step is tried again on the same container once space is freed.
      let outcome = await workload.run(on: url, vfs: FaultyDisk.name) { _ in
        defer { FaultyDisk.freeSpace() }
        return FaultyDisk.fired
      }
      guard FaultyDisk.fired else { continue }
      #expect(outcome.recovered.count == 1, "write \(n): \(outcome.recovered)")
      for error in outcome.recovered {
        #expect("\(error)".contains("the disk holding \(url.path) is full"), "write \(n): \(error)")
      }
      #expect(outcome.error == nil, "write \(n), retried: \(outcome.error.map { "\($0)" } ?? "")")
      #expect(outcome.wrongRead == nil)
      #expect(Set(try await CatalogStore.movies(in: url)) == workload.final)
      points += 1
    }
    ReliabilityScale.report("disk-full points", points)
    #expect(points > 0)
  }
}
