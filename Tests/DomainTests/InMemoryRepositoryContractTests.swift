import Catalog
import RepositoryTesting
import TestSupport
import Testing

/// The repository contract for the catalog's movies, with their movie-only checks, on the
/// in-memory repository the use cases are tested with.
@Suite("InMemoryRepository obeys the repository contract for movies")
struct InMemoryRepositoryContractTests {
  static let contract = RepositoryContract(MovieContractFixture())

  @Test(arguments: contract.checkNames)
  func obeysTheContractForMovies(_ check: String) async throws {
    try await Self.contract.run(check) { .inMemory(keys: MovieContractFixture.keys) }
  }
}
