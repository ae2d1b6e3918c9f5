import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

@Suite("A store the container created is removed only while it holds nothing")
struct CreatedStoreTests {
  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  private func open(_ url: URL) throws -> (ModelContainer, SQLiteRepository<Movie>) {
    let container = try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
    return (container, try SQLiteRepository<Movie>(container: container))
  }

  @Test func anEmptyCreatedStoreIsRemovedWithItsFolders() throws {
    let url = folder.file("a/b/catalog.store")
    let (container, _) = try open(url)
    #expect(container.createdStoreFile(at: url))
    #expect(try container.removeCreatedStoreIfEmpty(at: url))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("").path).isEmpty)
  }

  @Test func aStoreThatExistedOrHoldsARowIsKept() async throws {
    let url = folder.file("catalog.store")
    let (first, movies) = try open(url)
    try await movies.insert(Movie(title: "Alien", date: .now))
    #expect(try !first.removeCreatedStoreIfEmpty(at: url), "it holds a movie")
    let (second, _) = try open(url)
    #expect(!second.createdStoreFile(at: url))
    try await movies.deleteAll()
    #expect(try !second.removeCreatedStoreIfEmpty(at: url), "this container did not create it")
    #expect(FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aWriteToAStoreRemovedWhileOpenFailsSayingSo() async throws {
    let url = folder.file("catalog.store")
    let (_, movies) = try open(url)
    try FileManager.default.removeItem(at: url)
    await #expect(
      throws: RepositoryError.unavailable(
        "cannot open the store at \(url.path): the store was removed or moved away while open")
    ) {
      try await movies.insert(Movie(title: "Alien", date: .now))
    }
  }
}
