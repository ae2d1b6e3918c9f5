import FamilySupport
import Foundation
import Persistence
import PostgresCore
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// A family of models on PostgreSQL: read as one as on SQLite, and its identifiers unique
/// across its members whichever process writes, and whichever members it opened.
@Suite(.needsPostgreSQL)
struct PostgresFamilyTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.makeSchema()
  }

  /// A store of both trip models.
  private func store() async throws -> PostgresStore {
    try await PostgresStore(url: url, for: [BusinessTripRecord.self, PersonalTripRecord.self], poolSize: 2)
  }

  @Test func theFamilyChecksPass() async throws {
    let store = try await store()
    try await FamilyChecks(
      business: PostgresRepository<BusinessTripRecord>(store: store),
      personal: PostgresRepository<PersonalTripRecord>(store: store),
      trips: PostgresFamilyRepository<TripRecords>(store: store),
      cases: PostgresFamilyRepository<TripCases>(store: store)
    ).run()
  }

  @Test func twoStoresInsertingOneIdentifierIntoTwoMembersAtOnceStoreItOnce() async throws {
    let (first, second) = (try await store(), try await store())
    let business = try PostgresRepository<BusinessTripRecord>(store: first)
    let personal = try PostgresRepository<PersonalTripRecord>(store: second)
    for number in 0..<20 {
      let id = UUID(fixture: UInt8(number + 1))
      async let left: Bool = succeeds {
        try await business.insert(
          BusinessTripRecord(id: id, name: "B\(number)", startDate: .trip(number), company: "", budget: 0))
      }
      async let right: Bool = succeeds {
        try await personal.insert(
          PersonalTripRecord(id: id, name: "P\(number)", startDate: .trip(number), companions: 0))
      }
      let outcomes = await [left, right]
      #expect(outcomes.filter { $0 }.count == 1, "identifier \(number): \(outcomes)")
    }
    #expect(try await PostgresFamilyRepository<TripRecords>(store: first).fetchCount(FetchDescriptor()) == 20)
  }

  @Test func aStoreOfOneMemberKeepsTheFamilysIdentifiersToo() async throws {
    let onlyBusiness = try await PostgresStore(url: url, for: [BusinessTripRecord.self], poolSize: 1)
    let onlyPersonal = try await PostgresStore(url: url, for: [PersonalTripRecord.self], poolSize: 1)
    let id = UUID(fixture: 9)
    try await PostgresRepository<BusinessTripRecord>(store: onlyBusiness).insert(
      BusinessTripRecord(id: id, name: "Kyoto", startDate: .trip(1), company: "Acme", budget: 1))
    await expectFamilyClash {
      try await PostgresRepository<PersonalTripRecord>(store: onlyPersonal).insert(
        PersonalTripRecord(id: id, name: "Alps", startDate: .trip(2), companions: 1))
    }
  }

  @Test func aDatabaseWhoseMembersShareAnIdentifierIsRefusedAndLeftAsItWas() async throws {
    let store = try await store()
    let id = UUID(fixture: 4)
    try await PostgresRepository<BusinessTripRecord>(store: store).insert(
      BusinessTripRecord(id: id, name: "Kyoto", startDate: .trip(1), company: "Acme", budget: 1))
    // Another program drops the triggers and writes the clash.
    let connection = try PostgresConnection(url: url)
    try connection.execute(#"DROP TRIGGER "_family_insert" ON "personal_trips""#)
    try await PostgresRepository<PersonalTripRecord>(store: store).insert(
      PersonalTripRecord(id: id, name: "Alps", startDate: .trip(2), companions: 1))
    await #expect {
      _ = try await self.store()
    } throws: { error in
      guard case PersistenceError.invalidSchema(let message) = error else { return false }
      return message.contains("is held by personal_trips and by business_trips")
    }
    // Nothing was changed: the trigger is still missing, both rows are there.
    let triggers = try connection.query(
      #"SELECT count(*) FROM pg_trigger WHERE tgrelid = 'personal_trips'::regclass AND tgname = '_family_insert'"#)
    #expect(triggers.int64(row: 0, column: 0) == 0)
    #expect(try await PostgresFamilyRepository<TripRecords>(store: store).fetchCount(FetchDescriptor()) == 2)
  }

  @Test func theKeysOfADroppedMemberAreForgotten() async throws {
    let store = try await store()
    let id = UUID(fixture: 5)
    try await PostgresRepository<PersonalTripRecord>(store: store).insert(
      PersonalTripRecord(id: id, name: "Alps", startDate: .trip(2), companions: 1))
    try PostgresConnection(url: url).execute(#"DROP TABLE "personal_trips""#)
    let reopened = try await PostgresStore(url: url, for: [BusinessTripRecord.self], poolSize: 1)
    try await PostgresRepository<BusinessTripRecord>(store: reopened).insert(
      BusinessTripRecord(id: id, name: "Kyoto", startDate: .trip(1), company: "Acme", budget: 1))
  }

  @Test func aPredicateOnlyPostgreSQLNarrowsIsCheckedBySwiftBeforeThePage() async throws {
    let store = try await store()
    let personal = try PostgresRepository<PersonalTripRecord>(store: store)
    // "é" as one scalar and as two: Swift's `contains` matches both, bytes only one.
    try await personal.insert([
      PersonalTripRecord(id: UUID(fixture: 1), name: "Caf\u{E9}", startDate: .trip(1), companions: 0),
      PersonalTripRecord(id: UUID(fixture: 2), name: "Cafe", startDate: .trip(2), companions: 0),
      PersonalTripRecord(id: UUID(fixture: 3), name: "Cafe\u{301} 2", startDate: .trip(3), companions: 0),
    ])
    let trips = try PostgresFamilyRepository<TripRecords>(store: store)
    let descriptor = FetchDescriptor<TripSummary>(
      predicate: #Predicate { $0.name.contains("\u{E9}") }, sortBy: [SortDescriptor(\.startDate)], fetchLimit: 1,
      fetchOffset: 1)
    #expect(try await trips.fetch(descriptor).map(\.id) == [UUID(fixture: 3)])
    #expect(try await trips.fetchCount(descriptor) == 1)
  }

  /// Whether an operation succeeded; a failure must be the family's clash.
  private func succeeds(_ operation: () async throws -> Void) async -> Bool {
    do {
      try await operation()
      return true
    } catch RepositoryError.constraintViolation(let message) {
      #expect(message.contains("another member of the family"), "\(message)")
      return false
    } catch {
      Issue.record("unexpected \(error)")
      return false
    }
  }
}
