import Catalog
import TestSupport
import Testing

@Suite("InMemoryRepository obeys the repository contract")
struct InMemoryRepositoryContractTests {
  @Test(arguments: RepositoryContract<InMemoryRepository<Movie>>.checkNames)
  func obeysTheRepositoryContract(_ check: String) async throws {
    try await RepositoryContract { InMemoryRepository<Movie>() }.run(check)
  }

  @Test func contractCheckNamesAreUnique() {
    let names = RepositoryContract<InMemoryRepository<Movie>>.checkNames
    #expect(Set(names).count == names.count)
  }
}
