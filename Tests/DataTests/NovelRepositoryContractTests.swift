import Persistence
import RepositoryTesting
import StorageTesting
import Testing

/// The generic repository contract for a model the catalog does not know, read through the
/// row path, on SQLite on a file, SQLite in memory and the in-memory repository.
@Suite("Every repository obeys the generic contract for a second model")
struct NovelRepositoryContractTests {
  static let contract = RepositoryContract(NovelContractFixture())

  @Test(arguments: contract.checkNames)
  func sqliteOnAFile(_ check: String) async throws {
    try await Self.contract.run(check) { try .sqliteFile(for: [NovelRecord.self]) }
  }

  @Test(arguments: contract.checkNames)
  func sqliteInMemory(_ check: String) async throws {
    try await Self.contract.run(check) { try .sqliteInMemory(for: [NovelRecord.self]) }
  }

  @Test(arguments: contract.checkNames)
  func inMemoryRepository(_ check: String) async throws {
    try await Self.contract.run(check) { .inMemory(keys: NovelContractFixture.keys) }
  }
}
