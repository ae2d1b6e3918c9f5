import Catalog
import TestSupport
import Testing

@Suite("InMemoryRepository obeys the repository contract")
struct InMemoryRepositoryContractTests {
  @Test(arguments: RepositoryContract<MovieContractFixture>.checkNames)
  func obeysTheGenericContractForMovies(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(check) {
      InMemoryRepository<Movie>(keys: MovieContractFixture.keys)
    }
  }

  @Test(arguments: RepositoryContract<MovieContractFixture>.unitOfWorkCheckNames)
  func obeysTheUnitOfWorkContractForMovies(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(unitOfWorkCheck: check) {
      let store = InMemoryStore()
      return (InMemoryRepository<Movie>(store: store, keys: MovieContractFixture.keys), store)
    }
  }

  @Test(arguments: MovieRepositoryContract<InMemoryRepository<Movie>>.checkNames)
  func obeysTheMovieContract(_ check: String) async throws {
    try await MovieRepositoryContract { InMemoryRepository<Movie>(keys: MovieContractFixture.keys) }.run(check)
  }

  @Test func contractCheckNamesAreUnique() {
    let generic = RepositoryContract<MovieContractFixture>.checkNames
    let movies = MovieRepositoryContract<InMemoryRepository<Movie>>.checkNames
    #expect(Set(generic).count == generic.count)
    #expect(Set(movies).count == movies.count)
  }
}
