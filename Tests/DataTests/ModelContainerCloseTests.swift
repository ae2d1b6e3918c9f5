import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// `ModelContainer.close()` closes a container's stores now: the last connection checkpoints the
/// write-ahead log and SQLite removes `-wal` and `-shm`, while the process goes on; a closed
/// container refuses every further use with an error that says so.
@Suite("Closing a container")
struct ModelContainerCloseTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("catalog.store")
  }

  private func open() throws -> ModelContainer {
    try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
  }

  private func exists(_ suffix: String) -> Bool { FileManager.default.fileExists(atPath: url.path + suffix) }

  @Test func closingRemovesTheWriteAheadLogAndItsIndexAndKeepsEveryCommit() async throws {
    let container = try open()
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert([.alien, .heat])
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
    _ = try await movies.fetch(FetchDescriptor())
    #expect(exists("-wal") && exists("-shm"))

    try container.close()

    #expect(!exists("-wal") && !exists("-shm"))
    #expect(try await SQLiteRepository<Movie>(container: try open()).fetchCount(FetchDescriptor()) == 2)
  }

  @Test func closingAfterStatementsWereEvictedFromTheCacheStillRemovesTheLog() async throws {
    let container = try open()
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert([.alien, .heat])
    // More query shapes than a connection keeps prepared: some are evicted while decoders hold them.
    for rate in 0..<300 {
      _ = try await movies.fetch(sql: "SELECT * FROM movies WHERE rate >= \(rate)")
    }
    try container.close()
    #expect(!exists("-wal") && !exists("-shm"))
  }

  @Test func aClosedContainerRefusesEveryUseSayingItWasClosed() async throws {
    let container = try open()
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert(.alien)
    try container.close()
    try container.close()

    let message = "the store at \(url.path) was closed"
    let saysClosed: @Sendable (any Error) -> Bool = { "\($0)".contains(message) }
    await #expect(performing: { try await movies.insert(.heat) }, throws: saysClosed)
    await #expect(performing: { try await movies.fetch(FetchDescriptor()) }, throws: saysClosed)
    await #expect(performing: { try await movies.fetchCount(FetchDescriptor()) }, throws: saysClosed)
    await #expect(
      performing: { try await SQLiteRepository<Movie>(container: container).delete(id: Movie.alien.id) },
      throws: saysClosed)
    await #expect(performing: { for try await _ in movies.cursor() {} }, throws: saysClosed)
  }

  @Test func closingOneContainerLeavesAnotherOnTheSameStoreWorking() async throws {
    let first = try open()
    let second = try open()
    try await SQLiteRepository<Movie>(container: first).insert(.alien)
    try first.close()
    let movies = try SQLiteRepository<Movie>(container: second)
    try await movies.insert(.heat)
    #expect(try await movies.fetchCount(FetchDescriptor()) == 2)
    try second.close()
    #expect(!exists("-wal") && !exists("-shm"))
  }
}
