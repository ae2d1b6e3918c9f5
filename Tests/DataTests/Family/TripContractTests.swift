import FamilySupport
import Foundation
import Persistence
import RepositoryTesting
import StorageTesting
import Testing

/// How the generic repository contract makes business trips: names unique, budgets repeating.
struct BusinessTripContractFixture: RepositoryContractFixture {
  /// A trip's identifier and its unique name, as ``BusinessTripRecord``'s `Entity` declares them.
  static let keys = ModelKeys<BusinessTripRecord>(id: \.id, unique: [UniqueKey(\.name)])

  var keys: ModelKeys<BusinessTripRecord> { Self.keys }
  var attribute: any KeyPath<BusinessTripRecord, Int> & Sendable { \.budget }

  /// Text with NUL, LIKE wildcards and a backslash; the extremes of `Int`; a sub-second date.
  let edgeCases = [
    BusinessTripRecord(
      id: UUID(fixture: 201), name: "Nul\u{0}%_\\", startDate: Date(timeIntervalSinceReferenceDate: 0.001),
      company: "", budget: .min),
    BusinessTripRecord(
      id: UUID(fixture: 202), name: "Emile\u{301}", startDate: .distantFuture, company: "\"quoted\"", budget: .max),
  ]

  func model(_ number: Int, using generator: inout SplitMix64) -> BusinessTripRecord {
    BusinessTripRecord(
      id: UUID(fixture: UInt8(number + 1)), name: "Trip \(number)", startDate: .trip(number),
      company: ["Acme", "Globex"][Int.random(in: 0...1, using: &generator)],
      budget: Int.random(in: 1...4, using: &generator) * 500)
  }

  func changing(_ trip: BusinessTripRecord) -> BusinessTripRecord {
    var changed = trip
    changed.budget += 1
    return changed
  }
}

/// A member of a family is an ordinary model: the generic contract holds for it, on a store
/// that also holds the other member, as in memory.
@Suite("A family's member obeys the generic repository contract")
struct TripContractTests {
  @Test func theFixtureDeclaresTheEntitysUniqueKeys() {
    #expect(
      BusinessTripContractFixture.keys.unique.map(\.attributes)
        == BusinessTripRecord.entity.indexes.filter(\.isUnique).map(\.columns))
  }

  static let contract = RepositoryContract(BusinessTripContractFixture())

  @Test(arguments: contract.checkNames)
  func sqliteOnAFile(_ check: String) async throws {
    try await Self.contract.run(check) { try .sqliteFile(for: [BusinessTripRecord.self, PersonalTripRecord.self]) }
  }

  @Test(arguments: contract.checkNames)
  func inMemoryRepository(_ check: String) async throws {
    try await Self.contract.run(check) { .inMemory(keys: BusinessTripContractFixture.keys) }
  }
}
