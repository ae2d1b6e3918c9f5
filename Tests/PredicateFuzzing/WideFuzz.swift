import Foundation
public import Repositories
import RepositoryTesting

/// Runs random predicates over ``WideRecord`` on a store and in Swift (`Predicate.evaluate`, by
/// the in-memory repository) and compares what each selects.
///
/// An outcome agrees when both select the same models in the same order; when Swift traps (a
/// checked node throws ``FuzzTrap``) and the store's query fails with
/// `RepositoryError.queryFailed`; or when Swift traps and a page of the query (`fetchLimit`)
/// ended before the row it would trap on. A query the store refuses before it runs
/// (`unsupportedQuery`) is counted, not a mismatch.
public enum WideFuzz {
  /// What a run found.
  public struct Report: Sendable {
    /// The cases run.
    public var cases = 0
    /// Cases whose models both selected, at least one.
    public var found = 0
    /// Cases where Swift traps and the store's query failed as it should.
    public var failedAsSwiftTraps = 0
    /// Cases the store refused before running, with the first few errors.
    public var refused = 0
    /// Up to 5 refusals, for a reader.
    public var refusals: [String] = []
    /// The cases whose outcomes differ, each with its seed, predicate and both outcomes.
    public var mismatches: [String] = []
  }

  /// Runs `cases` random cases from `seed`, in batches of 100 cases on 60 records; `store`
  /// makes a repository of a new, empty store for each batch.
  public static func run(
    cases: Int, seed: UInt64, store: () async throws -> any Repository<WideRecord>
  ) async throws -> Report {
    var report = Report()
    let batchSize = 100
    for batch in 0..<max(1, (cases + batchSize - 1) / batchSize) {
      var random = WideRandom(seed: seed &+ UInt64(batch))
      let uuids = (0..<6).map { _ in UUID() }
      let records = (0..<60).map { random.record(id: $0, uuids: uuids) }
      let repository = try await store()
      try await repository.insert(records)
      // Swift evaluates the values as the store holds them.
      let stored = try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.id)]))
      if stored != records { report.mismatches.append("batch \(batch): the store changed values it holds") }
      let swift = try InMemoryRepository(stored)
      for index in 0..<min(batchSize, cases - batch * batchSize) {
        let caseSeed = seed &+ UInt64(batch * batchSize + index) &* 1_000_003
        let (descriptor, text) = descriptor(seed: caseSeed, uuids: uuids)
        try await check(descriptor, text: "seed \(caseSeed): \(text)", swift: swift, store: repository, into: &report)
      }
    }
    return report
  }

  /// Checks one descriptor on a store against Swift, adding the outcome to a report.
  static func check(
    _ descriptor: FetchDescriptor<WideRecord>, text: String, swift: InMemoryRepository<WideRecord>,
    store: any Repository<WideRecord>, into report: inout Report
  ) async throws {
    report.cases += 1
    let expected: String
    do {
      expected = try await swift.fetch(descriptor).map { "\($0.id)" }.joined(separator: " ")
    } catch  where "\(error)".contains(FuzzTrap.marker) {
      // The in-memory repository reports the evaluation's error as its own.
      expected = "trap"
    }
    let actual: String
    do {
      actual = try await store.fetch(descriptor).map { "\($0.id)" }.joined(separator: " ")
    } catch RepositoryError.queryFailed {
      actual = "trap"
    } catch RepositoryError.unsupportedQuery(let message) {
      report.refused += 1
      if report.refusals.count < 5 { report.refusals.append("\(text): \(message)") }
      return
    } catch {
      actual = "error: \(error)"
    }
    if expected == actual {
      if actual == "trap" { report.failedAsSwiftTraps += 1 } else if !actual.isEmpty { report.found += 1 }
      return
    }
    if expected == "trap", descriptor.fetchLimit != nil, !actual.hasPrefix("error") { return }
    let kept = Set(expected.split(separator: " ")).symmetricDifference(Set(actual.split(separator: " ")))
    let differing = try await swift.fetch(FetchDescriptor()).filter { kept.contains(Substring("\($0.id)")) }.prefix(2)
    report.mismatches.append("\(text)\n  swift: \(expected)\n  store: \(actual)\n  differing: \(differing)")
  }

  /// A random descriptor: a predicate, sometimes a sort and a page, with its description.
  static func descriptor(seed: UInt64, uuids: [UUID]) -> (FetchDescriptor<WideRecord>, String) {
    var random = WideRandom(seed: seed)
    let depth = random.below(4)
    var text = ""
    let predicate = Predicate<WideRecord> { root in
      var generator = WideGenerator(random: random, root: root, uuids: uuids)
      let condition = generator.bool(depth: depth)
      text = condition.text
      return condition.expression
    }
    random = WideRandom(seed: seed &* 31 &+ 7)
    var descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.id)])
    switch random.below(4) {
    case 0:
      descriptor.sortBy = [SortDescriptor(\.i8, order: .reverse), SortDescriptor(\.id)]
      text += " sorted by i8 desc"
    case 1:
      descriptor.sortBy = [SortDescriptor(\.d), SortDescriptor(\.id)]
      text += " sorted by d"
    default: break
    }
    if random.oneIn(5) {
      descriptor.fetchLimit = random.below(10)
      text += " limit \(descriptor.fetchLimit ?? 0)"
    }
    return (descriptor, text)
  }
}
