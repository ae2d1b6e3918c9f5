import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// A model whose identity is a stored code; `id` is computed from it.
struct CountryRecord: PersistentModel, Equatable {
  static let entity = Entity<CountryRecord>(primaryKey: \.code)
  var code: String
  var name: String
  var id: String { code }
}

/// A model referring to a country by its code.
struct CityRecord: PersistentModel, Equatable {
  static let entity = Entity<CityRecord>(relationships: [
    .belongsTo(\.countryCode, CountryRecord.self, deleteRule: .cascade)
  ])
  var id: UUID
  var countryCode: String
}

@Suite("A declared primary key")
struct PrimaryKeyTests {
  let countries: SQLiteRepository<CountryRecord>
  let cities: SQLiteRepository<CityRecord>

  init() throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: CountryRecord.self, CityRecord.self, configurations: ModelConfiguration(url: folder.file("world.store")))
    countries = try SQLiteRepository(container: container)
    cities = try SQLiteRepository(container: container)
  }

  @Test func theDeclaredAttributeIdentifiesTheModel() async throws {
    let france = CountryRecord(code: "FR", name: "France")
    try await countries.insert(france)
    #expect(try await countries.fetch(id: "FR") == france)
    await #expect(throws: RepositoryError.self) { try await countries.insert(CountryRecord(code: "FR", name: "Again")) }
    try await countries.upsert(CountryRecord(code: "FR", name: "République française"))
    #expect(try await countries.fetch(id: "FR")?.name == "République française")
    try await cities.insert(CityRecord(id: UUID(), countryCode: "FR"))
    try await countries.delete(id: "FR")
    #expect(try await cities.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func fetchIdentifiersReadsTheDeclaredAttribute() async throws {
    try await countries.insert([CountryRecord(code: "NO", name: "Norway"), CountryRecord(code: "FR", name: "France")])
    #expect(try await countries.fetchIdentifiers(FetchDescriptor(sortBy: [SortDescriptor(\.name)])) == ["FR", "NO"])
  }
}
