import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

/// The family fetch means the same on SQLite and in memory: the same seeded trips of both
/// members, with start dates that repeat (so ties break by identifier across members), read
/// through descriptors that filter, sort and page on the shared attributes.
@Suite("Model families: SQLite and the in-memory family agree")
struct FamilyParityTests {
  /// Business and personal trips, interleaved, their identifiers and dates drawn from a seed.
  static func seeded() -> (business: [BusinessTripRecord], personal: [PersonalTripRecord]) {
    var generator = SplitMix64(seed: 15)
    var business: [BusinessTripRecord] = []
    var personal: [PersonalTripRecord] = []
    var ids = Array(UInt8(1)...60).shuffled(using: &generator)
    for number in 0..<60 {
      let id = UUID(fixture: ids.removeLast())
      let start = Date.trip(Int.random(in: 0...8, using: &generator))
      let name = ["Alps", "Bern", "Cork", "Dover", "Essen"][Int.random(in: 0...4, using: &generator)] + " \(number)"
      if Bool.random(using: &generator) {
        business.append(
          BusinessTripRecord(id: id, name: name, startDate: start, company: "Acme", budget: number))
      } else {
        personal.append(PersonalTripRecord(id: id, name: name, startDate: start, companions: number % 3))
      }
    }
    return (business, personal)
  }

  /// The descriptors both stores answer.
  static func descriptors() -> [FetchDescriptor<TripSummary>] {
    let day = Date.trip(4)
    let position = TripSummary(id: UUID(fixture: 30), name: "Cork 1", startDate: .trip(4))
    var descriptors: [FetchDescriptor<TripSummary>] = [
      FetchDescriptor(),
      FetchDescriptor(fetchLimit: 7, fetchOffset: 20),
      FetchDescriptor(sortBy: [SortDescriptor(\.startDate)]),
      FetchDescriptor(sortBy: [SortDescriptor(\.startDate, order: .reverse), SortDescriptor(\.name)]),
      FetchDescriptor(predicate: #Predicate { $0.startDate >= day }, sortBy: [SortDescriptor(\.name)]),
      FetchDescriptor(
        predicate: #Predicate { $0.name.starts(with: "B") || $0.startDate < day },
        sortBy: [SortDescriptor(\.startDate)], fetchLimit: 5, fetchOffset: 3),
      FetchDescriptor(predicate: #Predicate { $0.name.contains("rk") }),
    ]
    for order in [SortOrder.forward, .reverse] {
      var page = FetchDescriptor<TripSummary>(sortBy: [SortDescriptor(\.startDate, order: order)], fetchLimit: 9)
      page.after = position
      descriptors.append(page)
    }
    return descriptors
  }

  @Test func everyDescriptorReturnsTheSameTripsInTheSameOrder() async throws {
    let (business, personal) = Self.seeded()
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: BusinessTripRecord.self, PersonalTripRecord.self,
      configurations: ModelConfiguration("Trips", url: folder.file("trips.store")))
    try await SQLiteRepository<BusinessTripRecord>(container: container).insert(business)
    try await SQLiteRepository<PersonalTripRecord>(container: container).insert(personal)
    let sqlite = try SQLiteFamilyRepository<TripRecords>(container: container)
    let memory = InMemoryFamilyRepository<TripSummary, any TripRecord>([
      .member(try InMemoryRepository(business)) { $0 }, .member(try InMemoryRepository(personal)) { $0 },
    ])
    for (number, descriptor) in Self.descriptors().enumerated() {
      let expected = try await memory.fetch(descriptor).map(\.id)
      #expect(try await sqlite.fetch(descriptor).map(\.id) == expected, "descriptor \(number)")
      #expect(try await sqlite.fetchCount(descriptor) == memory.fetchCount(descriptor), "descriptor \(number)")
      #expect(!expected.isEmpty, "descriptor \(number) matches nothing, so it compares nothing")
    }
  }

  @Test func theInMemoryFamilyRefusesAnIdentifierTwoMembersHold() async throws {
    let id = UUID(fixture: 1)
    let memory = InMemoryFamilyRepository<TripSummary, any TripRecord>([
      .member(
        try InMemoryRepository([BusinessTripRecord(id: id, name: "A", startDate: .trip(0), company: "", budget: 0)])
      ) { $0 },
      .member(try InMemoryRepository([PersonalTripRecord(id: id, name: "B", startDate: .trip(0), companions: 0)])) {
        $0
      },
    ])
    await #expect(throws: RepositoryError.self) { try await memory.fetch(FetchDescriptor()) }
  }
}
