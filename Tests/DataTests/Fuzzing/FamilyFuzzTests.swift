import FamilySupport
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// Runs the fuzzer's random predicates, sorts and pages on a family of two members whose shared
/// attributes are a ``FuzzRecord``'s — one `UNION ALL` over two tables — against Swift's own evaluation of the same records in one in-memory repository,
/// and requires the same records in the same order.
@Suite("A family fetch agrees with Swift on random predicates")
struct FamilyFuzzTests {
  /// A quarter of the single-table fuzzer's cases: the translation is the same, and the family
  /// adds the union, its order and its pages.
  static let cases = max(DifferentialFuzzTests.cases / 4, DifferentialFuzzTests.casesPerStore)

  @Test func theFamilyReturnsWhatSwiftReturns() async throws {
    var mismatches = 0
    var checked = 0
    for batch in 0..<(Self.cases / DifferentialFuzzTests.casesPerStore) {
      let records = FuzzCase.records(seed: DifferentialFuzzTests.firstSeed &+ 7 &+ UInt64(batch), count: 60)
      let container = try ModelContainer(
        for: MemberRecord<FuzzFamily, Int>.self, MemberRecord<FuzzFamily, String>.self,
        configurations: ModelConfiguration(isStoredInMemoryOnly: true))
      // Every other record to each member: the first member's come first, unsorted.
      let left = records.enumerated().filter { $0.offset % 2 == 0 }.map {
        MemberRecord<FuzzFamily, Int>(base: $0.element, own: $0.offset)
      }
      let right = records.enumerated().filter { $0.offset % 2 == 1 }.map {
        MemberRecord<FuzzFamily, String>(base: $0.element, own: "r\($0.offset)")
      }
      try await SQLiteRepository<MemberRecord<FuzzFamily, Int>>(container: container).insert(left)
      try await SQLiteRepository<MemberRecord<FuzzFamily, String>>(container: container).insert(right)
      let family = try SQLiteFamilyRepository<FuzzFamily>(container: container)
      // Swift evaluates the values as the store holds them (text in NFC).
      let stored = try await family.fetch(FetchDescriptor())
      #expect(stored.count == records.count)
      let swift = try InMemoryRepository(stored)
      for index in 0..<DifferentialFuzzTests.casesPerStore {
        let seed =
          DifferentialFuzzTests.firstSeed &+ 7 &+ UInt64(batch * DifferentialFuzzTests.casesPerStore + index)
          &* 1_000_003
        let fuzzCase = FuzzCase(seed: seed, records: stored)
        let expected = await DifferentialFuzzTests.outcome { try await swift.fetch(fuzzCase.descriptor) }
        let actual = await DifferentialFuzzTests.outcome { try await family.fetch(fuzzCase.descriptor) }
        let counted = await Self.count { try await family.fetchCount(fuzzCase.descriptor) }
        checked += 1
        let expectedCount = expected == "error" ? nil : expected.split(separator: " ").count
        guard expected != actual || counted != expectedCount else { continue }
        mismatches += 1
        Issue.record(
          """
          seed \(seed) (batch \(batch)): \(fuzzCase.text)
            swift:  \(expected)
            family: \(actual) (counted \(counted.map(String.init) ?? "error"))
          """)
        if mismatches >= 5 { return }
      }
    }
    #expect(checked >= DifferentialFuzzTests.casesPerStore)
  }

  /// What a count returned, or `nil` when it failed.
  static func count(_ count: () async throws -> Int) async -> Int? {
    try? await count()
  }
}
