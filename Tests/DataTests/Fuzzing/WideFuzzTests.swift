import Foundation
import Persistence
import PredicateFuzzing
import Repositories
import Testing

/// The wide differential fuzzer and its corpus on SQLite, in memory and in a file: every integer
/// width, floating point with NaN and infinities, UUIDs and JSON, renamed coding keys.
///
/// `WIDE_FUZZ_CASES` sets how many random cases run (default 1,500); `WIDE_FUZZ_SEED` the first
/// seed. A mismatch reports the seed, the predicate and both outcomes.
@Suite("SQLite agrees with Swift on predicates over every stored type")
struct WideFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let cases = Int(environment["WIDE_FUZZ_CASES"] ?? "") ?? 1_500
  static let seed = UInt64(environment["WIDE_FUZZ_SEED"] ?? "") ?? 20_261_207

  static func memoryStore() throws -> any Repository<WideRecord> {
    let container = try ModelContainer(
      for: WideRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    return try SQLiteRepository<WideRecord>(container: container)
  }

  @Test func randomPredicatesAnswerAsSwift() async throws {
    let report = try await WideFuzz.run(cases: Self.cases, seed: Self.seed) { try Self.memoryStore() }
    Self.expectSound(report)
    print(
      "wide fuzz on SQLite: \(report.cases) cases, \(report.found) found models, \(report.failedAsSwiftTraps) failed where Swift traps, \(report.refused) refused, \(report.mismatches.count) mismatches"
    )
  }

  @Test func theCorpusAnswersAsSwiftInAFile() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = try await WideCorpus.run {
      let container = try ModelContainer(
        for: WideRecord.self,
        configurations: ModelConfiguration(url: folder.appendingPathComponent("wide.store")))
      return try SQLiteRepository<WideRecord>(container: container)
    }
    #expect(report.mismatches.isEmpty, "\(report.mismatches.joined(separator: "\n"))")
    #expect(report.refused == 0, "\(report.refusals)")
    #expect(report.failedAsSwiftTraps == 2)
  }

  /// No mismatch, few refusals, and both models found and traps met.
  static func expectSound(_ report: WideFuzz.Report) {
    for mismatch in report.mismatches.prefix(5) { Issue.record(Comment(rawValue: mismatch)) }
    #expect(report.mismatches.isEmpty)
    #expect(report.refused <= report.cases / 10, "\(report.refused) refused: \(report.refusals)")
    #expect(report.found >= report.cases / 5, "\(report.found) of \(report.cases) found models")
    #expect(report.failedAsSwiftTraps >= report.cases / 50, "\(report.failedAsSwiftTraps) failed as Swift traps")
  }
}
