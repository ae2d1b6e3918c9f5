import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// Random predicates, sorts and pages run on PostgreSQL with the dialect's SQL, and in Swift by
/// `Predicate.evaluate` and `sorted(using:)` (the in-memory repository) on the same records as
/// PostgreSQL holds them: the same records must come back in the same order. Where the SQL is
/// not exact, its rows are checked in Swift, as the repository does; the test also requires
/// that both kinds of query occurred.
///
/// `POSTGRES_FUZZ_CASES` sets how many cases run (default 600); `POSTGRES_FUZZ_SEED` the first
/// seed. A mismatch reports the seed, the predicate and both results.
@Suite("PostgreSQL agrees with Swift on random predicates", .needsPostgreSQL)
struct PostgresPredicateFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let cases = Int(environment["POSTGRES_FUZZ_CASES"] ?? "") ?? 600
  static let firstSeed = UInt64(environment["POSTGRES_FUZZ_SEED"] ?? "") ?? 20_261_202

  @Test func postgresReturnsWhatSwiftReturns() async throws {
    let table = try QueryRecordTable()
    var random = QueryRandom(seed: Self.firstSeed)
    let stored = try table.insert((0..<300).map { _ in random.record() })
    let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
    let swift = try InMemoryRepository(stored)
    var mismatches = 0
    var counts = (exact: 0, rechecked: 0, found: 0)
    var refused = 0
    for index in 0..<Self.cases {
      let seed = Self.firstSeed &+ UInt64(index) &* 1_000_003
      let (descriptor, text) = Self.descriptor(seed: seed, records: stored)
      let expected = await Self.outcome { try await swift.fetch(descriptor).map(\.id) }
      var failure = ""
      let actual = await Self.outcome {
        try table.fetch(descriptor, stored: byID)
      } failed: {
        failure = "\($0)"
      }
      let translator = PredicateTranslator(table: table.table, modelName: "QueryRecord", dialect: PostgresDialect())
      if let predicate = descriptor.predicate, let filter = try? translator.filter(predicate) {
        if filter.isExact { counts.exact += 1 } else { counts.rechecked += 1 }
      }
      if !expected.isEmpty, expected != "error" { counts.found += 1 }
      // A predicate that mixes parts PostgreSQL leaves to Swift with arithmetic that can fail is
      // refused before it runs (see `PredicateTranslator.filter`): counted, not a mismatch.
      if failure.contains("cannot be evaluated in Swift's order") {
        refused += 1
        continue
      }
      guard expected != actual else { continue }
      mismatches += 1
      Issue.record("seed \(seed): \(text)\n  swift:      \(expected)\n  postgreSQL: \(actual) \(failure)")
      if mismatches >= 5 { return }
    }
    #expect(counts.exact >= Self.cases / 4, "\(counts.exact) exact queries")
    #expect(counts.rechecked >= Self.cases / 20, "\(counts.rechecked) queries checked again in Swift")
    #expect(counts.found >= Self.cases / 4, "\(counts.found) queries found records")
    #expect(refused <= Self.cases / 50, "\(refused) queries refused")
  }

  /// A random descriptor: predicate, sort, page and position, with its description.
  static func descriptor(seed: UInt64, records: [QueryRecord]) -> (FetchDescriptor<QueryRecord>, String) {
    var random = QueryRandom(seed: seed)
    var text = ""
    let depth = random.below(4)
    let predicate = Predicate<QueryRecord> { root in
      var generator = QueryPredicateGenerator(random: random, root: root)
      let condition = generator.condition(depth: depth)
      text = condition.text
      return condition.expression
    }
    random = QueryRandom(seed: seed &* 31 &+ 7)
    var sorts: [SortDescriptor<QueryRecord>] = []
    for _ in 0..<random.below(4) {
      let order: SortOrder = random.oneIn(2) ? .forward : .reverse
      let (sort, name) = random.pick(sortChoices)
      sorts.append(sort(order))
      text += " \(name)\(order == .forward ? "" : " desc")"
    }
    var descriptor = FetchDescriptor(predicate: predicate, sortBy: sorts)
    if random.oneIn(4) { descriptor.fetchLimit = random.below(12) }
    if random.oneIn(4) { descriptor.fetchOffset = random.below(12) }
    if !sorts.isEmpty, random.oneIn(3) {
      var position = random.pick(records)
      if random.oneIn(3) { position.id = random.uuid() }
      descriptor.after = position
      text += " after \(position.id)"
    }
    return (
      descriptor,
      text + (descriptor.fetchLimit.map { " limit \($0)" } ?? "")
        + (descriptor.fetchOffset.map { " offset \($0)" } ?? "")
    )
  }

  /// Every attribute a sort may name, optional or not, each kind once at least.
  static let sortChoices: [(@Sendable (SortOrder) -> SortDescriptor<QueryRecord>, String)] = [
    ({ SortDescriptor(\.int, order: $0) }, "int"), ({ SortDescriptor(\.optInt, order: $0) }, "optInt"),
    ({ SortDescriptor(\.double, order: $0) }, "double"), ({ SortDescriptor(\.text, order: $0) }, "text"),
    ({ SortDescriptor(\.optText, order: $0) }, "optText"), ({ SortDescriptor(\.date, order: $0) }, "date"),
    ({ SortDescriptor(\.optDate, order: $0) }, "optDate"), ({ SortDescriptor(\.flag, order: $0) }, "flag"),
    ({ SortDescriptor(\.optFlag, order: $0) }, "optFlag"), ({ SortDescriptor(\.token, order: $0) }, "token"),
    ({ SortDescriptor(rawValueOf: \.genre, order: $0) }, "genre"), ({ SortDescriptor(\.small, order: $0) }, "small"),
  ]

  /// The identifiers a fetch returned, in order, or that it failed.
  static func outcome(
    _ fetch: () async throws -> [UUID], failed: (any Error) -> Void = { _ in }
  ) async -> String {
    do {
      return try await fetch().map { String($0.uuidString.prefix(8)) }.joined(separator: " ")
    } catch {
      failed(error)
      return "error"
    }
  }
}
