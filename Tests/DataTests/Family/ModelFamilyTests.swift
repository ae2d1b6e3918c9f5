import FamilySupport
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// A family of models on a SQLite file: fetched as the family, with predicates and sorts on
/// the shared attributes, and as one member; identifiers unique across the family.
@Suite("Model families: fetched together or apart, identifiers unique across members")
struct ModelFamilyTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let business: SQLiteRepository<BusinessTripRecord>
  let personal: SQLiteRepository<PersonalTripRecord>
  let trips: SQLiteFamilyRepository<TripRecords>

  static let kyoto = BusinessTripRecord(
    id: UUID(fixture: 1), name: "Kyoto summit", startDate: .trip(30), company: "Acme", budget: 4_000)
  static let lisbon = BusinessTripRecord(
    id: UUID(fixture: 2), name: "Lisbon fair", startDate: .trip(10), company: "Globex", budget: 2_500)
  static let alps = PersonalTripRecord(id: UUID(fixture: 3), name: "Alps", startDate: .trip(20), companions: 3)
  static let coast = PersonalTripRecord(id: UUID(fixture: 4), name: "Coast", startDate: .trip(40), companions: 0)

  init() async throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: BusinessTripRecord.self, PersonalTripRecord.self,
      configurations: ModelConfiguration("Trips", url: folder.file("trips.store")))
    business = try SQLiteRepository(container: container)
    personal = try SQLiteRepository(container: container)
    trips = try SQLiteFamilyRepository(container: container)
    try await business.insert([Self.kyoto, Self.lisbon])
    try await personal.insert([Self.alps, Self.coast])
  }

  /// The ids of fetched trips, in order.
  private func ids(_ fetched: [any TripRecord]) -> [UUID] { fetched.map(\.id) }

  @Test func theFamilyFetchReturnsEveryMemberSortedAndFilteredOnSharedAttributes() async throws {
    let after = Date.trip(15)
    let fetched = try await trips.fetch(
      FetchDescriptor(predicate: #Predicate { $0.startDate > after }, sortBy: [SortDescriptor(\.startDate)]))
    #expect(ids(fetched) == [Self.alps.id, Self.kyoto.id, Self.coast.id])
    // Each comes back as its own type, every attribute read.
    #expect(fetched[0] as? PersonalTripRecord == Self.alps)
    #expect(fetched[1] as? BusinessTripRecord == Self.kyoto)
    let byName = try await trips.fetch(
      FetchDescriptor(
        predicate: #Predicate { $0.name.contains("i") }, sortBy: [SortDescriptor(\.name, order: .reverse)]))
    #expect(ids(byName) == [Self.lisbon.id, Self.kyoto.id])
    #expect(try await trips.fetchCount(FetchDescriptor(predicate: #Predicate { $0.startDate > after })) == 3)
  }

  @Test func eachMemberAnswersAFilterWithItsOwnSubstringIndex() async throws {
    let needle = "isbo"
    let descriptor = FetchDescriptor<TripSummary>(predicate: #Predicate { $0.name.contains(needle) })
    #expect(ids(try await trips.fetch(descriptor)) == [Self.lisbon.id])
    // Business trips' names are searchable, personal trips' are not: one arm reads the index.
    let tables = [
      try container.store(for: BusinessTripRecord.self, configuration: nil).1,
      try container.store(for: PersonalTripRecord.self, configuration: nil).1,
    ]
    let shared = try TableSchema(name: "TripRecords", columns: SchemaProbe.columns(of: TripSummary.self))
    let sql = try FamilyQuery(shared: shared, members: tables, dialect: SQLiteDialect()).select(descriptor).fragment.sql
    #expect(sql.components(separatedBy: " MATCH ?").count == 2)
  }

  @Test func unsortedTheMembersComeInDeclarationOrderEachInInsertionOrder() async throws {
    #expect(
      ids(try await trips.fetch(FetchDescriptor())) == [Self.kyoto.id, Self.lisbon.id, Self.alps.id, Self.coast.id])
    #expect(try await trips.fetchCount(FetchDescriptor()) == 4)
  }

  @Test func aFamilyPageByOffsetOrAfterAPositionSpansTheMembers() async throws {
    var page = FetchDescriptor<TripSummary>(sortBy: [SortDescriptor(\.startDate)], fetchLimit: 2, fetchOffset: 1)
    #expect(ids(try await trips.fetch(page)) == [Self.alps.id, Self.kyoto.id])
    #expect(try await trips.fetchCount(page) == 2)
    page.fetchOffset = nil
    page.after = TripSummary(id: Self.alps.id, name: Self.alps.name, startDate: Self.alps.startDate)
    #expect(ids(try await trips.fetch(page)) == [Self.kyoto.id, Self.coast.id])
  }

  @Test func anEnumFamilyReadsTheSameTablesAsCases() async throws {
    let cases = try SQLiteFamilyRepository<TripCases>(container: container)
    let fetched = try await cases.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.startDate, order: .reverse)]))
    #expect(
      fetched == [.personal(Self.coast), .business(Self.kyoto), .personal(Self.alps), .business(Self.lisbon)])
  }

  @Test func aMemberIsAnOrdinaryModelWithOnlyItsOwnRows() async throws {
    let acme = try await business.fetch(FetchDescriptor(predicate: #Predicate { $0.company == "Acme" }))
    #expect(acme == [Self.kyoto])
    #expect(
      try await personal.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.startDate)])) == [Self.alps, Self.coast])
    #expect(try await personal.fetch(id: Self.kyoto.id) == nil)
    let context = try ModelContext(container)
    #expect(
      try context.fetch(FetchDescriptor<BusinessTripRecord>(sortBy: [SortDescriptor(\.budget)])) == [
        Self.lisbon, Self.kyoto,
      ])
  }

  @Test func insertingAnotherMembersIdentifierFailsAndChangesNothing() async throws {
    let clash = PersonalTripRecord(id: Self.kyoto.id, name: "Clash", startDate: .trip(1), companions: 1)
    let fresh = PersonalTripRecord(id: UUID(fixture: 9), name: "Fresh", startDate: .trip(2), companions: 1)
    await expectFamilyClash { try await personal.insert(clash) }
    // A batch is all or nothing: the fresh trip before the clash is not stored either.
    await expectFamilyClash { try await personal.insert([fresh, clash]) }
    await expectFamilyClash { try await personal.upsert([clash]) }
    let context = try ModelContext(container)
    context.insert(clash)
    #expect(throws: RepositoryError.self) { try context.save() }
    #expect(try await personal.fetchCount(FetchDescriptor()) == 2)
    #expect(try await business.fetch(id: Self.kyoto.id) == Self.kyoto)
    // The other direction too, and an upsert of a member's own model still updates it.
    await expectFamilyClash {
      try await business.insert(
        BusinessTripRecord(id: Self.alps.id, name: "Other", startDate: .trip(3), company: "Initech", budget: 1))
    }
    var moved = Self.alps
    moved.companions = 5
    try await personal.upsert([moved, fresh])
    #expect(try await trips.fetchCount(FetchDescriptor()) == 5)
  }

  @Test func theHistoryRecordsEachMembersChangesAsItsOwnAndNothingOfARefusedInsert() async throws {
    let before = try container.fetchHistory().last?.token
    let hike = PersonalTripRecord(id: UUID(fixture: 7), name: "Hike", startDate: .trip(5), companions: 2)
    await expectFamilyClash {
      try await personal.insert([
        hike, PersonalTripRecord(id: Self.lisbon.id, name: "X", startDate: .trip(6), companions: 0),
      ])
    }
    #expect(try container.fetchHistory(after: before).isEmpty)
    try await personal.insert(hike)
    try await business.delete(ids: [Self.lisbon.id])
    let changes = try container.fetchHistory(after: before).flatMap(\.changes)
    #expect(changes.map(\.model) == ["PersonalTripRecord", "BusinessTripRecord"])
    #expect(changes.map(\.kind) == [.insert, .delete])
  }

  @Test func aBatchUpsertInAUnitOfWorkRefusesAnotherMembersIdentifier() async throws {
    let work = try SQLiteUnitOfWork(container: container)
    let clash = PersonalTripRecord(id: Self.lisbon.id, name: "Clash", startDate: .trip(1), companions: 1)
    await expectFamilyClash {
      try await work.transaction { transaction in
        _ = try transaction.upsert([
          Upsert(PersonalTripRecord(id: UUID(fixture: 8), name: "A", startDate: .trip(5), companions: 2)),
          Upsert(clash),
        ])
      }
    }
    #expect(try await personal.fetchCount(FetchDescriptor()) == 2)
  }

  @Test func aPredicateOnAMembersOwnAttributeIsRefusedByTheFamilyNamingIt() async throws {
    struct Wider: Codable, Identifiable, Sendable {
      var id: UUID
      var company: String
    }
    enum WideFamily: ModelFamily {
      typealias Shared = Wider
      typealias Member = any TripRecord
      static let name = TripRecords.name
      static let members: [FamilyMember<WideFamily>] = [
        .model(BusinessTripRecord.self) { $0 }, .model(PersonalTripRecord.self) { $0 },
      ]
    }
    #expect(
      throws: PersistenceError.invalidSchema(
        "personal_trips does not store TripRecords's shared attribute 'company' as Wider does")
    ) {
      try SQLiteFamilyRepository<WideFamily>(container: container)
    }
  }

  @Test func aFamilyThatLeavesOutADeclaredMemberIsRefused() async throws {
    enum Partial: ModelFamily {
      typealias Shared = TripSummary
      typealias Member = any TripRecord
      static let name = TripRecords.name
      static let members: [FamilyMember<Partial>] = [.model(BusinessTripRecord.self) { $0 }]
    }
    #expect(
      throws: PersistenceError.invalidSchema(
        "personal_trips is declared a member of TripRecords, which does not list it in its members")
    ) {
      try SQLiteFamilyRepository<Partial>(container: container)
    }
    enum Undeclared: ModelFamily {
      typealias Shared = TripSummary
      typealias Member = any TripRecord
      static let members: [FamilyMember<Undeclared>] = [.model(BusinessTripRecord.self) { $0 }]
    }
    #expect(
      throws: PersistenceError.invalidSchema(
        "BusinessTripRecord's Entity does not declare it a member of Undeclared: add .member(of: Undeclared.self)")
    ) {
      try SQLiteFamilyRepository<Undeclared>(container: container)
    }
  }

  @Test func aSortTheSharedAttributesCannotAnswerFailsNamingIt() async throws {
    let descriptor = FetchDescriptor<TripSummary>(predicate: #Predicate { $0.name.count > 3 })
    #expect(throws: PersistenceError.self) { try trips.validate(descriptor) }
    await #expect(throws: RepositoryError.self) { try await trips.fetch(descriptor) }
  }
}
