import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// Runs random predicates, sorts and pages against SQLite and against Swift's own
/// `Predicate.evaluate` (the in-memory repository) and requires the same rows in the same order.
///
/// ``FuzzRecord``'s text is searchable, so `contains` on it with a needle of three scalars or more
/// goes through the substring index; the test requires that some such cases found rows.
///
/// `FUZZ_CASES` sets how many cases run (default 2,000); `FUZZ_SEED` the first seed. A mismatch
/// reports the seed, the predicate and both results, so it can be replayed.
@Suite("SQLite agrees with Swift on random predicates")
struct DifferentialFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let cases = Int(environment["FUZZ_CASES"] ?? "") ?? 2_000
  static let firstSeed = UInt64(environment["FUZZ_SEED"] ?? "") ?? 20_261_130
  static let casesPerStore = 100

  @Test func sqliteReturnsWhatSwiftReturns() async throws {
    var mismatches = 0
    var checked = 0
    var narrowedAndFound = 0
    let table = try FuzzRecord.entityTable()
    for batch in 0..<max(1, Self.cases / Self.casesPerStore) {
      let records = FuzzCase.records(seed: Self.firstSeed &+ UInt64(batch), count: 60)
      let container = try ModelContainer(
        for: FuzzRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
      let sqlite = try SQLiteRepository<FuzzRecord>(container: container)
      try await sqlite.insert(records)
      // Swift evaluates the values as the store holds them: text in NFC (see
      // TextNormalization), equal to what was written but with its scalars composed.
      let stored = try await sqlite.fetchAll()
      #expect(stored == records)
      let swift = try InMemoryRepository(stored)
      for index in 0..<min(Self.casesPerStore, Self.cases) {
        let seed = Self.firstSeed &+ UInt64(batch * Self.casesPerStore + index) &* 1_000_003
        let fuzzCase = FuzzCase(seed: seed, records: stored)
        let expected = await Self.outcome { try await swift.fetch(fuzzCase.descriptor) }
        let actual = await Self.outcome { try await sqlite.fetch(fuzzCase.descriptor) }
        checked += 1
        if let predicate = fuzzCase.descriptor.predicate, !expected.isEmpty, expected != "error",
          let condition = try? PredicateTranslator(table: table, modelName: "FuzzRecord", dialect: SQLiteDialect())
            .condition(predicate),
          condition.sql.contains(" MATCH ?")
        {
          narrowedAndFound += 1
        }
        guard expected != actual else { continue }
        mismatches += 1
        Issue.record(
          """
          seed \(seed) (batch \(batch)): \(fuzzCase.text)
            swift:  \(expected)
            sqlite: \(actual)
          """)
        if mismatches >= 5 { return }
      }
    }
    #expect(checked >= min(Self.cases, Self.casesPerStore))
    #expect(
      narrowedAndFound >= checked / 200, "\(narrowedAndFound) of \(checked) cases searched the index and found rows")
  }

  /// The ids a fetch returned, in order, or that it failed.
  static func outcome(_ fetch: () async throws -> [FuzzRecord]) async -> String {
    do {
      return try await fetch().map { String($0.id.uuidString.prefix(8)) }.joined(separator: " ")
    } catch {
      return "error"
    }
  }
}
