import Catalog
import CatalogStorage
import Foundation
import Persistence
import TestSupport
import Testing

@Suite("SQLiteRepository obeys the repository contract")
struct SQLiteRepositoryContractTests {
  @Test(arguments: RepositoryContract<SQLiteRepository<Movie>>.checkNames)
  func onAFile(_ check: String) async throws {
    try await RepositoryContract {
      let folder = try TemporaryDirectory()
      let container = try ModelContainer(
        for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
      return try SQLiteRepository<Movie>(container: container)
    }.run(check)
  }

  @Test(arguments: RepositoryContract<SQLiteRepository<Movie>>.checkNames)
  func inMemory(_ check: String) async throws {
    try await RepositoryContract {
      let container = try ModelContainer(
        for: Movie.self, configurations: ModelConfiguration("Catalog", isStoredInMemoryOnly: true))
      return try SQLiteRepository<Movie>(container: container)
    }.run(check)
  }
}
