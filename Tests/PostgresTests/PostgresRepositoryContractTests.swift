import Catalog
import CatalogStorage
import Persistence
import Repositories
import TestSupport
import Testing

/// The repository contract, run on PostgreSQL: each check on a fresh schema of the test
/// cluster, so the same use cases hold on a server as on a file.
@Suite(.needsPostgreSQL)
struct PostgresRepositoryContractTests {
  @Test(arguments: RepositoryContract<MovieContractFixture>.checkNames)
  func generic(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(check) { try await Self.repository() }
  }

  @Test(arguments: MovieRepositoryContract<PostgresRepository<Movie>>.checkNames)
  func movies(_ check: String) async throws {
    try await MovieRepositoryContract { try await Self.repository() }.run(check)
  }

  /// A repository of movies on a new, empty schema.
  static func repository() async throws -> PostgresRepository<Movie> {
    let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Movie.self], poolSize: 2)
    return try PostgresRepository<Movie>(store: store)
  }
}
