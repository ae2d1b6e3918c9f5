import Catalog
import CatalogStorage
import Persistence
import Repositories
import RepositoryTesting
import StorageTesting
import TestSupport
import Testing

/// The repository contract, run on PostgreSQL: each check on a fresh schema of the test
/// cluster, for the kit's planets and the catalog's movies, so the same use cases hold on a
/// server as on a file.
@Suite(.needsPostgreSQL)
struct PostgresRepositoryContractTests {
  static let planets = RepositoryContract(PlanetFixture())
  static let movies = RepositoryContract(MovieContractFixture())

  @Test(arguments: planets.checkNames)
  func planetsOnAServer(_ check: String) async throws {
    try await Self.planets.run(check) { try await .postgres(for: [Planet.self, Moon.self]) }
  }

  @Test(arguments: movies.checkNames)
  func moviesOnAServer(_ check: String) async throws {
    try await Self.movies.run(check) { try await .postgres(for: [Movie.self]) }
  }
}

extension RepositoryContract.Subject where Fixture.Model: PersistentModel {
  /// A repository and the unit of work of a store on a new, empty schema of the test cluster,
  /// declaring `models`.
  static func postgres(for models: [any PersistentModel.Type]) async throws -> Self {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: models, poolSize: 2)
    return Self(try PostgresRepository<Fixture.Model>(store: store), unitOfWork: PostgresUnitOfWork(store: store))
  }
}
