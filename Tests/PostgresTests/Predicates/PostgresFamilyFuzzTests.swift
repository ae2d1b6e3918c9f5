import FamilySupport
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// The query records as a family of two members, each holding every attribute of a
/// ``QueryRecord`` and one of its own.
enum QueryFamily: ModelFamily {
  typealias Shared = QueryRecord
  typealias Member = QueryRecord
  static let members: [FamilyMember<QueryFamily>] = [
    .model(MemberRecord<QueryFamily, Int>.self) { $0.base }, .model(MemberRecord<QueryFamily, String>.self) { $0.base },
  ]
}

/// The PostgreSQL fuzzer's random predicates, sorts, pages and positions run on a family of
/// two members — one `UNION ALL` over two tables, its inexact filters checked in Swift before
/// the page — against Swift's evaluation of the same records: the same records in the same
/// order, and the same count.
@Suite("A family on PostgreSQL agrees with Swift on random predicates", .needsPostgreSQL)
struct PostgresFamilyFuzzTests {
  /// A third of the single-table fuzzer's cases: the translation is the same, and the family
  /// adds the union, its order, its pages and its Swift check.
  static let cases = max(PostgresPredicateFuzzTests.cases / 3, 20)

  @Test func theFamilyReturnsWhatSwiftReturns() async throws {
    let store = try await PostgresStore(
      url: PostgresTestServer.makeSchema(),
      for: [MemberRecord<QueryFamily, Int>.self, MemberRecord<QueryFamily, String>.self], poolSize: 2)
    var random = QueryRandom(seed: PostgresPredicateFuzzTests.firstSeed &+ 11)
    let records = (0..<160).map { _ in random.record() }
    // Every other record to each member: the first member's come first, unsorted.
    try await PostgresRepository<MemberRecord<QueryFamily, Int>>(store: store).insert(
      records.enumerated().filter { $0.offset % 2 == 0 }.map { MemberRecord(base: $0.element, own: $0.offset) })
    try await PostgresRepository<MemberRecord<QueryFamily, String>>(store: store).insert(
      records.enumerated().filter { $0.offset % 2 == 1 }.map { MemberRecord(base: $0.element, own: "r\($0.offset)") })
    let family = try PostgresFamilyRepository<QueryFamily>(store: store)
    // Swift evaluates the values as the store holds them (text in NFC).
    let stored = try await family.fetch(FetchDescriptor())
    #expect(stored.count == records.count)
    let swift = try InMemoryRepository(stored)
    var mismatches = 0
    for index in 0..<Self.cases {
      let seed = PostgresPredicateFuzzTests.firstSeed &+ 11 &+ UInt64(index) &* 1_000_003
      let (descriptor, text) = PostgresPredicateFuzzTests.descriptor(seed: seed, records: stored)
      let expected = await PostgresPredicateFuzzTests.outcome { try await swift.fetch(descriptor).map(\.id) }
      let actual = await PostgresPredicateFuzzTests.outcome { try await family.fetch(descriptor).map(\.id) }
      let expectedCount = try? await swift.fetchCount(descriptor)
      let counted = try? await family.fetchCount(descriptor)
      guard expected != actual || expectedCount != counted else { continue }
      mismatches += 1
      Issue.record(
        """
        seed \(seed): \(text)
          swift:  \(expected) (counted \(expectedCount.map(String.init) ?? "error"))
          family: \(actual) (counted \(counted.map(String.init) ?? "error"))
        """)
      if mismatches >= 5 { return }
    }
  }
}
