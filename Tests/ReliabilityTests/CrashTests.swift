import Catalog
import Foundation
import RepositoryTesting
import TestSupport
import Testing

@testable import reliability_worker

/// A writer killed with SIGKILL at random moments loses no batch it reported committed, and
/// leaves no batch half-written.
///
/// The kills come in five chains, each on its own store that every kill of the chain leaves to
/// the next writer: each cycle checks the whole store, so one long chain would cost time
/// growing with the square of its kills, and separate chains can run side by side.
@Suite("Killed writers lose no committed batch")
struct CrashTests {
  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  @Test(arguments: 0..<5)
  func everyReportedBatchSurvivesSIGKILLAndNoBatchIsPartial(chain: UInt64) async throws {
    let store = folder.file("crash.store")
    let cycles = ReliabilityScale.count(10, long: 100)
    var random = SplitMix64(seed: 0x11_C4A5 &+ chain)
    var next = 0
    var killedAfterACommit = 0
    for cycle in 0..<cycles {
      let worker = try Worker(["batches", store.path, "\(next)"])
      worker.kill(after: Int.random(in: 1...400, using: &random))
      let run = await worker.finished()
      #expect(run.reason == .uncaughtSignal, "cycle \(cycle) ended by itself: \(run.stderr)")
      // Only whole lines were reported: a number cut short by the kill was never printed whole.
      let reported = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap {
        Int($0)
      }
      if !reported.isEmpty { killedAfterACommit += 1 }

      let batches = Dictionary(grouping: try await CatalogStore.movies(in: store)) { Self.batchNumber(of: $0) }
      for (number, movies) in batches {
        #expect(movies.count == WorkerBatch.size, "cycle \(cycle): batch \(number) has \(movies.count) movies")
      }
      for number in reported {
        #expect(batches[number] != nil, "cycle \(cycle): batch \(number) was reported committed and is missing")
      }
      // A batch can commit in the moment before its number is printed: only the one after the
      // last reported may be present unreported.
      let unreported = batches.keys.filter { $0 >= next && !reported.contains($0) }
      #expect(unreported.allSatisfy { $0 == (reported.last ?? next - 1) + 1 }, "cycle \(cycle): \(unreported)")
      #expect(try CatalogStore.problems(of: store) == [], "cycle \(cycle)")
      #expect(throws: Never.self, "cycle \(cycle): the search index is in step") {
        try CatalogStore.checkSearchIndex(of: store)
      }
      next = (batches.keys.max() ?? -1) + 1
    }
    ReliabilityScale.report("chain \(chain): kill cycles", cycles)
    ReliabilityScale.report("chain \(chain): kill cycles after at least one commit", killedAfterACommit)
    ReliabilityScale.report("chain \(chain): batches committed", next)
    // Kills land during the open too; enough must land while batches commit.
    #expect(killedAfterACommit >= cycles / 5, "too few kills landed after the writer started committing")
  }

  /// The batch a worker's movie belongs to, from its title `batch <number> item <index>`.
  static func batchNumber(of movie: Movie) -> Int {
    Int(movie.title.split(separator: " ")[1]) ?? -1
  }
}
