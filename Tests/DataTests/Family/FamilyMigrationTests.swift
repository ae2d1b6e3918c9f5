import FamilySupport
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Version 1 of a trips schema: business trips only, already a family of one.
enum TripsV1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [BusinessTripRecord.self]
}

/// Version 2: personal trips join the family.
enum TripsV2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [BusinessTripRecord.self, PersonalTripRecord.self]
}

enum TripsPlanV1: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [TripsV1.self]
  static let stages: [MigrationStage] = []
}

/// The lightweight stage that adds the member.
enum TripsPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [TripsV1.self, TripsV2.self]
  static let stages: [MigrationStage] = [.lightweight(fromVersion: TripsV1.self, toVersion: TripsV2.self)]
}

/// A member added to a family by a lightweight migration, and what `store check` finds in a
/// family's tables.
@Suite("Model families: a migration adds a member; the store check reads the family")
struct FamilyMigrationTests {
  let folder: TemporaryDirectory
  let url: URL

  static let trips = [
    BusinessTripRecord(id: UUID(fixture: 1), name: "Oslo", startDate: .trip(3), company: "Acme", budget: 900),
    BusinessTripRecord(id: UUID(fixture: 2), name: "Rome", startDate: .trip(1), company: "Initech", budget: 1_200),
  ]

  init() async throws {
    folder = try TemporaryDirectory()
    url = folder.file("trips.store")
    let container = try ModelContainer(
      for: TripsV1.models, migrationPlan: TripsPlanV1.self, configurations: [ModelConfiguration("Trips", url: url)])
    try await SQLiteRepository<BusinessTripRecord>(container: container).insert(Self.trips)
    try container.close()
  }

  private func openV2() throws -> ModelContainer {
    try ModelContainer(
      for: TripsV2.models, migrationPlan: TripsPlan.self, configurations: [ModelConfiguration("Trips", url: url)])
  }

  @Test func theNewMemberJoinsTheFamilyAndTheStoredRowsStayAsTheyWere() async throws {
    let container = try openV2()
    let business = try SQLiteRepository<BusinessTripRecord>(container: container)
    #expect(try await business.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.name)])) == Self.trips)
    let personal = try SQLiteRepository<PersonalTripRecord>(container: container)
    let hike = PersonalTripRecord(id: UUID(fixture: 3), name: "Hike", startDate: .trip(2), companions: 2)
    try await personal.insert(hike)
    await expectFamilyClash {
      try await personal.insert(PersonalTripRecord(id: Self.trips[0].id, name: "X", startDate: .trip(0), companions: 0))
    }
    let family = try SQLiteFamilyRepository<TripRecords>(container: container)
    let fetched = try await family.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.startDate)]))
    #expect(fetched.map(\.id) == [Self.trips[1].id, hike.id, Self.trips[0].id])
    try container.close()
    #expect(try StoreCheck(url: url, plan: TripsPlan.self).problems.isEmpty)
  }

  @Test func theStoreCheckFindsAnIdentifierTwoMembersHold() async throws {
    try openV2().close()
    // An app that knows only one member cannot see the other's identifiers.
    let partial = try ModelContainer(
      for: PersonalTripRecord.self, configurations: ModelConfiguration("Trips", url: url))
    try await SQLiteRepository<PersonalTripRecord>(container: partial).insert(
      PersonalTripRecord(id: Self.trips[1].id, name: "Twin", startDate: .trip(9), companions: 1))
    try partial.close()
    let problems = try StoreCheck(url: url, plan: TripsPlan.self).problems.map(\.description)
    #expect(
      problems == [
        "'business_trips' and 'personal_trips', members of the family TripRecords, both hold the identifiers "
          + Self.trips[1].id.uuidString.lowercased()
      ])
  }
}
