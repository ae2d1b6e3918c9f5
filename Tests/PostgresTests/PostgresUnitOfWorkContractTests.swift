import Catalog
import CatalogStorage
import Persistence
import Repositories
import TestSupport
import Testing

/// The unit-of-work contract, run on PostgreSQL: each check on a fresh schema of the test
/// cluster, so a use case's changes commit together or not at all on a server as on a file.
@Suite(.needsPostgreSQL)
struct PostgresUnitOfWorkContractTests {
  @Test(arguments: RepositoryContract<MovieContractFixture>.unitOfWorkCheckNames)
  func unitOfWork(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(unitOfWorkCheck: check) {
      let store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Movie.self], poolSize: 2)
      return (try PostgresRepository<Movie>(store: store), PostgresUnitOfWork(store: store))
    }
  }
}
