import Persistence
import RepositoryTesting
import StorageTesting
import Testing

/// The repository contract through the one API — a container, its `ModelRepository` and its
/// `ModelUnitOfWork` — on every database a configuration's URL can name.
@Suite(.needsPostgreSQL)
struct ContainerContractTests {
  static let planets = RepositoryContract(PlanetFixture())

  @Test(arguments: EveryDatabase.allCases, planets.checkNames)
  func planetsThroughAContainer(on database: EveryDatabase, _ check: String) async throws {
    try await Self.planets.run(check) { try .container(database.configuration(), for: [Planet.self, Moon.self]) }
  }
}
