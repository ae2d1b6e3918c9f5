import FamilySupport
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// A member of ``Shapes`` whose `extra` is a number.
struct SquareRecord: Codable, Hashable, Identifiable, PersistentModel {
  var id: Int
  var label: String
  var extra: Int
  static let entity = Entity<SquareRecord>(table: "squares").member(of: Shapes.self)
}

/// A member of ``Shapes`` whose `extra` is text: a column of the same name and another type.
struct CircleRecord: Codable, Hashable, Identifiable, PersistentModel {
  var id: Int
  var label: String
  var extra: String?
  static let entity = Entity<CircleRecord>(table: "circles").member(of: Shapes.self)
}

/// What both shapes share.
struct ShapeSummary: Codable, Identifiable, Sendable {
  var id: Int
  var label: String
}

/// A family whose members store one attribute name as two types, keyed by integers.
enum Shapes: ModelFamily {
  /// A name with what SQL and `format` read specially, longer than PostgreSQL's 63 bytes.
  static let name = "Shapes 100% \"odd\" 'family' " + String(repeating: "é", count: 40)
  typealias Shared = ShapeSummary
  typealias Member = any Sendable
  static let members: [FamilyMember<Shapes>] = [.model(SquareRecord.self) { $0 }, .model(CircleRecord.self) { $0 }]
}

/// Families on PostgreSQL beyond the trips: members that store one name as different types,
/// integer keys, and a unit of work's batch upsert.
@Suite(.needsPostgreSQL)
struct PostgresFamilyShapesTests {
  @Test func membersStoringOneNameAsTwoTypesAreReadEachAsItsOwn() async throws {
    let store = try await PostgresStore(
      url: PostgresTestServer.makeSchema(), for: [SquareRecord.self, CircleRecord.self], poolSize: 2)
    try await PostgresRepository<SquareRecord>(store: store).insert(SquareRecord(id: 1, label: "b", extra: 7))
    try await PostgresRepository<CircleRecord>(store: store).insert([
      CircleRecord(id: 2, label: "a", extra: "seven"), CircleRecord(id: 3, label: "c", extra: nil),
    ])
    let shapes = try await PostgresFamilyRepository<Shapes>(store: store)
      .fetch(FetchDescriptor(sortBy: [SortDescriptor(\.label)]))
    #expect(shapes.count == 3)
    #expect(shapes.first as? CircleRecord == CircleRecord(id: 2, label: "a", extra: "seven"))
    #expect(shapes.dropFirst().first as? SquareRecord == SquareRecord(id: 1, label: "b", extra: 7))
    #expect(shapes.last as? CircleRecord == CircleRecord(id: 3, label: "c", extra: nil))
    // Integer keys are the family's too, and the message names the family as it is named.
    let error = await #expect(throws: RepositoryError.self) {
      try await PostgresRepository<SquareRecord>(store: store).insert(SquareRecord(id: 3, label: "d", extra: 0))
    }
    guard case .constraintViolation(let message)? = error else {
      Issue.record("expected a constraint violation, got \(String(describing: error))")
      return
    }
    #expect(message.contains("SquareRecord 3 has the identifier of a model of circles"))
    #expect(message.contains("another member of the family \(Shapes.name)"))
  }

  @Test func aBatchUpsertInAUnitOfWorkRefusesAnotherMembersIdentifier() async throws {
    let store = try await PostgresStore(
      url: PostgresTestServer.makeSchema(), for: [BusinessTripRecord.self, PersonalTripRecord.self], poolSize: 2)
    let kyoto = BusinessTripRecord(id: UUID(fixture: 1), name: "Kyoto", startDate: .trip(1), company: "A", budget: 1)
    try await PostgresRepository<BusinessTripRecord>(store: store).insert(kyoto)
    let work = PostgresUnitOfWork(store: store)
    await expectFamilyClash {
      try await work.transaction { transaction in
        _ = try transaction.upsert([
          Upsert(PersonalTripRecord(id: UUID(fixture: 8), name: "A", startDate: .trip(5), companions: 2)),
          Upsert(PersonalTripRecord(id: kyoto.id, name: "Clash", startDate: .trip(1), companions: 1)),
        ])
      }
    }
    #expect(try await PostgresRepository<PersonalTripRecord>(store: store).fetchCount(FetchDescriptor()) == 0)
  }
}
