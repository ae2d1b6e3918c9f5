import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

/// A model whose identity is a stored code; `id` is computed from it.
struct Country: PersistentModel, Equatable {
  static let entity = Entity<Country>(primaryKey: \.code)
  var code: String
  var name: String
  var id: String { code }
}

/// A model referring to a country by its code.
struct City: PersistentModel, Equatable {
  static let entity = Entity<City>(relationships: [.belongsTo(\.countryCode, Country.self, deleteRule: .cascade)])
  var id: UUID
  var countryCode: String
}

@Suite("A declared primary key")
struct PrimaryKeyTests {
  let countries: SQLiteRepository<Country>
  let cities: SQLiteRepository<City>

  init() throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Country.self, City.self, configurations: ModelConfiguration(url: folder.file("world.store")))
    countries = try SQLiteRepository(container: container)
    cities = try SQLiteRepository(container: container)
  }

  @Test func theDeclaredAttributeIdentifiesTheModel() async throws {
    let france = Country(code: "FR", name: "France")
    try await countries.insert(france)
    #expect(try await countries.fetch(id: "FR") == france)
    await #expect(throws: RepositoryError.self) { try await countries.insert(Country(code: "FR", name: "Again")) }
    try await countries.upsert(Country(code: "FR", name: "République française"))
    #expect(try await countries.fetch(id: "FR")?.name == "République française")
    try await cities.insert(City(id: UUID(), countryCode: "FR"))
    try await countries.delete(id: "FR")
    #expect(try await cities.fetchCount(FetchDescriptor()) == 0)
  }
}
