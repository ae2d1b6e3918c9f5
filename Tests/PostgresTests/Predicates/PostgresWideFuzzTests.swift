import Foundation
import Persistence
import PredicateFuzzing
import Repositories
import Testing

/// The wide differential fuzzer and its corpus on PostgreSQL (see `WideFuzzTests` for SQLite):
/// every integer width, floating point with NaN and infinities, UUIDs and JSON, renamed coding
/// keys, each case on the engine's own repository.
///
/// `POSTGRES_WIDE_FUZZ_CASES` sets how many random cases run (default 500); `WIDE_FUZZ_SEED` the
/// first seed.
@Suite("PostgreSQL agrees with Swift on predicates over every stored type", .needsPostgreSQL)
struct PostgresWideFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let cases = Int(environment["POSTGRES_WIDE_FUZZ_CASES"] ?? "") ?? 500
  static let seed = UInt64(environment["WIDE_FUZZ_SEED"] ?? "") ?? 20_261_207

  static func store() async throws -> any Repository<WideRecord> {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [WideRecord.self], poolSize: 2)
    return try PostgresRepository<WideRecord>(store: store)
  }

  @Test func randomPredicatesAnswerAsSwift() async throws {
    let report = try await WideFuzz.run(cases: Self.cases, seed: Self.seed) { try await Self.store() }
    for mismatch in report.mismatches.prefix(5) { Issue.record(Comment(rawValue: mismatch)) }
    #expect(report.mismatches.isEmpty)
    #expect(report.refused <= report.cases / 10, "\(report.refused) refused: \(report.refusals)")
    #expect(report.found >= report.cases / 5, "\(report.found) of \(report.cases) found models")
    #expect(report.failedAsSwiftTraps >= report.cases / 50, "\(report.failedAsSwiftTraps) failed as Swift traps")
    print(
      "wide fuzz on PostgreSQL: \(report.cases) cases, \(report.found) found models, \(report.failedAsSwiftTraps) failed where Swift traps, \(report.refused) refused, \(report.mismatches.count) mismatches"
    )
  }

  @Test func theCorpusAnswersAsSwift() async throws {
    let report = try await WideCorpus.run { try await Self.store() }
    #expect(report.mismatches.isEmpty, "\(report.mismatches.joined(separator: "\n"))")
    #expect(report.refused == 0, "\(report.refusals)")
    #expect(report.failedAsSwiftTraps == 2)
  }
}
