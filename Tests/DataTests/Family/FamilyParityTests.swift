import FamilySupport
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// The family checks every store passes (``FamilyChecks``), on a SQLite file; and the
/// in-memory family they compare against keeps identifiers unique too.
@Suite("Model families: SQLite and the in-memory family agree")
struct FamilyParityTests {
  @Test func theFamilyChecksPassOnAFile() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: BusinessTripRecord.self, PersonalTripRecord.self,
      configurations: ModelConfiguration("Trips", url: folder.file("trips.store")))
    try await FamilyChecks(
      business: SQLiteRepository<BusinessTripRecord>(container: container),
      personal: SQLiteRepository<PersonalTripRecord>(container: container),
      trips: SQLiteFamilyRepository<TripRecords>(container: container),
      cases: SQLiteFamilyRepository<TripCases>(container: container)
    ).run()
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
