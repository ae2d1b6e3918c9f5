import Foundation
import Persistence
public import Repositories
import RepositoryTesting
public import Testing

/// What every store's family repository must do with the trips family: read both members as
/// one — filtered, sorted and paged on the shared attributes as Swift would — and keep an
/// identifier unique across the members however it is written.
///
/// Run it with the members' repositories and the family's, of one empty store:
///
/// ```swift
/// try await FamilyChecks(business: business, personal: personal, trips: trips, cases: cases).run()
/// ```
public struct FamilyChecks<
  Business: Repository<BusinessTripRecord>, Personal: Repository<PersonalTripRecord>,
  Trips: FamilyRepository<TripSummary, any TripRecord>, Cases: FamilyRepository<TripSummary, TripCase>
> {
  let business: Business
  let personal: Personal
  let trips: Trips
  let cases: Cases

  /// Checks over the repositories of one store, all empty.
  public init(business: Business, personal: Personal, trips: Trips, cases: Cases) {
    (self.business, self.personal, self.trips, self.cases) = (business, personal, trips, cases)
  }

  /// Stores seeded trips of both members, then runs every check.
  public func run() async throws {
    let (business, personal) = Self.seeded()
    try await self.business.insert(business)
    try await self.personal.insert(personal)
    try await everyDescriptorReadsWhatSwiftReads(business, personal)
    try await unsortedTheMembersComeInDeclarationOrder(business, personal)
    try await anEnumFamilyReadsTheSameRows()
    try await anIdentifierAnotherMemberHoldsIsRefused(business[0], personal[0])
  }

  /// Business and personal trips, interleaved, their identifiers and dates drawn from a seed.
  public static func seeded() -> (business: [BusinessTripRecord], personal: [PersonalTripRecord]) {
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

  /// Descriptors that filter, sort and page on the shared attributes: dates that repeat (so
  /// ties break by identifier across members), a substring test, keyset positions both ways.
  public static func descriptors() -> [FetchDescriptor<TripSummary>] {
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
      FetchDescriptor(
        predicate: #Predicate { $0.name.contains("o") }, sortBy: [SortDescriptor(\.startDate)], fetchLimit: 4,
        fetchOffset: 2),
    ]
    for order in [SortOrder.forward, .reverse] {
      var page = FetchDescriptor<TripSummary>(sortBy: [SortDescriptor(\.startDate, order: order)], fetchLimit: 9)
      page.after = position
      descriptors.append(page)
    }
    return descriptors
  }

  /// Every descriptor returns what the in-memory family returns from the same trips, in the
  /// same order, and counts as many.
  func everyDescriptorReadsWhatSwiftReads(
    _ business: [BusinessTripRecord], _ personal: [PersonalTripRecord]
  ) async throws {
    let memory = InMemoryFamilyRepository<TripSummary, any TripRecord>([
      .member(try InMemoryRepository(business)) { $0 }, .member(try InMemoryRepository(personal)) { $0 },
    ])
    for (number, descriptor) in Self.descriptors().enumerated() {
      let expected = try await memory.fetch(descriptor).map(\.id)
      #expect(try await trips.fetch(descriptor).map(\.id) == expected, "descriptor \(number)")
      #expect(try await trips.fetchCount(descriptor) == memory.fetchCount(descriptor), "descriptor \(number)")
      #expect(!expected.isEmpty, "descriptor \(number) matches nothing, so it compares nothing")
    }
  }

  /// Unsorted, the first member's trips come first, each member's in the order stored, and
  /// each trip comes back whole, as its own type.
  func unsortedTheMembersComeInDeclarationOrder(
    _ business: [BusinessTripRecord], _ personal: [PersonalTripRecord]
  ) async throws {
    let fetched = try await trips.fetch(FetchDescriptor())
    #expect(fetched.map(\.id) == business.map(\.id) + personal.map(\.id))
    #expect(fetched.prefix(business.count).compactMap { $0 as? BusinessTripRecord } == business)
    #expect(fetched.dropFirst(business.count).compactMap { $0 as? PersonalTripRecord } == personal)
  }

  /// The enum family reads the same rows as cases.
  func anEnumFamilyReadsTheSameRows() async throws {
    let descriptor = FetchDescriptor<TripSummary>(sortBy: [SortDescriptor(\.startDate, order: .reverse)])
    let asCases = try await cases.fetch(descriptor)
    let asTrips = try await trips.fetch(descriptor)
    #expect(asCases.count == asTrips.count)
    for (trip, tripCase) in zip(asTrips, asCases) {
      switch tripCase {
      case .business(let model): #expect(trip as? BusinessTripRecord == model)
      case .personal(let model): #expect(trip as? PersonalTripRecord == model)
      }
    }
  }

  /// An insert, a batch or an upsert of an identifier the other member holds fails and
  /// stores nothing, both ways; deleting a trip frees its identifier for the other member.
  func anIdentifierAnotherMemberHoldsIsRefused(
    _ stored: BusinessTripRecord, _ other: PersonalTripRecord
  ) async throws {
    let before = try await trips.fetchCount(FetchDescriptor())
    let clash = PersonalTripRecord(id: stored.id, name: "Clash", startDate: .trip(1), companions: 1)
    let fresh = PersonalTripRecord(id: UUID(fixture: 250), name: "Fresh", startDate: .trip(2), companions: 1)
    await expectFamilyClash { try await personal.insert(clash) }
    await expectFamilyClash { try await personal.insert([fresh, clash]) }
    await expectFamilyClash { try await personal.upsert([clash]) }
    await expectFamilyClash {
      try await business.insert(
        BusinessTripRecord(id: other.id, name: "Other", startDate: .trip(3), company: "Initech", budget: 1))
    }
    #expect(try await trips.fetchCount(FetchDescriptor()) == before)
    #expect(try await business.fetch(id: stored.id) == stored)
    // An upsert of a member's own model still updates it.
    var moved = other
    moved.companions += 5
    try await personal.upsert([moved, fresh])
    #expect(try await personal.fetch(id: other.id) == moved)
    // Deleted, the identifier is free for the other member.
    try await business.delete(ids: [stored.id])
    try await personal.insert(clash)
    #expect(try await trips.fetchCount(FetchDescriptor()) == before + 1)
  }
}

/// Expects an operation to fail because a model has the identifier of another member's model.
public func expectFamilyClash(
  sourceLocation: SourceLocation = #_sourceLocation, _ operation: () async throws -> Void
) async {
  let error = await #expect(throws: RepositoryError.self, sourceLocation: sourceLocation) { try await operation() }
  guard case .constraintViolation(let message)? = error, message.contains("another member of the family TripRecords")
  else {
    Issue.record(
      "expected a clash of identifiers across the family, got \(String(describing: error))",
      sourceLocation: sourceLocation)
    return
  }
}
