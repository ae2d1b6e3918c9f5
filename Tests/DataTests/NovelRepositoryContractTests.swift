import Foundation
import Persistence
import TestSupport
import Testing

/// The generic repository contract for a model the catalog does not know, on SQLite on a
/// file, SQLite in memory and the in-memory repository.
@Suite("Every repository obeys the generic contract for a second model")
struct NovelRepositoryContractTests {
  @Test(arguments: RepositoryContract<NovelContractFixture>.checkNames)
  func sqliteOnAFile(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(check) {
      let folder = try TemporaryDirectory()
      let container = try ModelContainer(
        for: NovelRecord.self, configurations: ModelConfiguration("Library", url: folder.file("library.store")))
      return try SQLiteRepository<NovelRecord>(container: container)
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.checkNames)
  func sqliteInMemory(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(check) {
      let container = try ModelContainer(
        for: NovelRecord.self, configurations: ModelConfiguration("Library", isStoredInMemoryOnly: true))
      return try SQLiteRepository<NovelRecord>(container: container)
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.checkNames)
  func inMemoryRepository(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(check) {
      InMemoryRepository<NovelRecord>(keys: NovelContractFixture.keys)
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.boolSortingCheckNames)
  func sortingByBoolOnSQLite(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(boolSortingCheck: check) {
      let folder = try TemporaryDirectory()
      let container = try ModelContainer(
        for: NovelRecord.self, configurations: ModelConfiguration("Library", url: folder.file("library.store")))
      return try SQLiteRepository<NovelRecord>(container: container)
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.boolSortingCheckNames)
  func sortingByBoolInMemory(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(boolSortingCheck: check) {
      InMemoryRepository<NovelRecord>(keys: NovelContractFixture.keys)
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.unitOfWorkCheckNames)
  func unitOfWorkOnSQLite(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(unitOfWorkCheck: check) {
      let folder = try TemporaryDirectory()
      let container = try ModelContainer(
        for: NovelRecord.self, configurations: ModelConfiguration("Library", url: folder.file("library.store")))
      return (try SQLiteRepository<NovelRecord>(container: container), try SQLiteUnitOfWork(container: container))
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.unitOfWorkCheckNames)
  func unitOfWorkOnSQLiteInMemory(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(unitOfWorkCheck: check) {
      let container = try ModelContainer(
        for: NovelRecord.self, configurations: ModelConfiguration("Library", isStoredInMemoryOnly: true))
      return (try SQLiteRepository<NovelRecord>(container: container), try SQLiteUnitOfWork(container: container))
    }
  }

  @Test(arguments: RepositoryContract<NovelContractFixture>.unitOfWorkCheckNames)
  func unitOfWorkInMemory(_ check: String) async throws {
    try await RepositoryContract(NovelContractFixture()).run(unitOfWorkCheck: check) {
      let store = InMemoryStore()
      return (InMemoryRepository<NovelRecord>(store: store, keys: NovelContractFixture.keys), store)
    }
  }
}
