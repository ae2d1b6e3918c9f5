import Catalog
import CatalogStorage
import Foundation
import Persistence
import TestSupport
import Testing

@Suite("SQLiteRepository obeys the repository contract for movies")
struct SQLiteRepositoryContractTests {
  @Test(arguments: RepositoryContract<MovieContractFixture>.checkNames)
  func genericOnAFile(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(check) { try Self.onAFile() }
  }

  @Test(arguments: RepositoryContract<MovieContractFixture>.checkNames)
  func genericInMemory(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(check) { try Self.inMemory() }
  }

  @Test(arguments: RepositoryContract<MovieContractFixture>.unitOfWorkCheckNames)
  func unitOfWork(_ check: String) async throws {
    try await RepositoryContract(MovieContractFixture()).run(unitOfWorkCheck: check) {
      let container = try Self.fileContainer()
      return (try SQLiteRepository<Movie>(container: container), try SQLiteUnitOfWork(container: container))
    }
  }

  @Test(arguments: MovieRepositoryContract<SQLiteRepository<Movie>>.checkNames)
  func onAFile(_ check: String) async throws {
    try await MovieRepositoryContract { try Self.onAFile() }.run(check)
  }

  @Test(arguments: MovieRepositoryContract<SQLiteRepository<Movie>>.checkNames)
  func inMemory(_ check: String) async throws {
    try await MovieRepositoryContract { try Self.inMemory() }.run(check)
  }

  /// A repository on a new store file, in a new temporary folder.
  static func onAFile() throws -> SQLiteRepository<Movie> {
    try SQLiteRepository<Movie>(container: fileContainer())
  }

  /// A container of movies on a new store file, in a new temporary folder.
  static func fileContainer() throws -> ModelContainer {
    let folder = try TemporaryDirectory()
    return try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
  }

  /// A repository on a new store in memory.
  static func inMemory() throws -> SQLiteRepository<Movie> {
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", isStoredInMemoryOnly: true))
    return try SQLiteRepository<Movie>(container: container)
  }
}
