import Catalog
import CatalogStorage
import Persistence
import RepositoryTesting
import StorageTesting
import TestSupport
import Testing

/// The repository contract on SQLite, on a file and in memory, for the kit's planets and for
/// the catalog's movies (with their movie-only checks): one line per store.
@Suite("SQLiteRepository obeys the repository contract")
struct SQLiteRepositoryContractTests {
  static let planets = RepositoryContract(PlanetFixture())
  static let movies = RepositoryContract(MovieContractFixture())

  @Test(arguments: planets.checkNames)
  func planetsOnAFile(_ check: String) async throws {
    try await Self.planets.run(check) { try .sqliteFile(for: [Planet.self, Moon.self]) }
  }

  @Test(arguments: planets.checkNames)
  func planetsInMemory(_ check: String) async throws {
    try await Self.planets.run(check) { try .sqliteInMemory(for: [Planet.self, Moon.self]) }
  }

  @Test(arguments: movies.checkNames)
  func moviesOnAFile(_ check: String) async throws {
    try await Self.movies.run(check) { try .sqliteFile(for: [Movie.self]) }
  }

  @Test(arguments: movies.checkNames)
  func moviesInMemory(_ check: String) async throws {
    try await Self.movies.run(check) { try .sqliteInMemory(for: [Movie.self]) }
  }
}
