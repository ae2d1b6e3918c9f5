import Catalog
import CatalogStorage
import Foundation
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

@Suite("A container knows its stores' files by any name, so nothing writes over them")
struct StoreOwnershipTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test func theStoreItsLogItsIndexItsJournalAndItsImagesAreItsOwnByAnyName() async throws {
    let url = folder.file("catalog.store")
    let container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: url)])
    try await SQLiteRepository<Movie>(container: container).insert(
      Movie(title: "Alien", images: [Data([1, 2, 3])], date: .now))
    let external = url.path + ".external"
    let image = try #require(try FileManager.default.contentsOfDirectory(atPath: external).first)
    try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: "catalog.store")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("log-link").path, withDestinationPath: "catalog.store-wal")
    #expect(link(url.path, folder.file("hard").path) == 0)
    #expect(link(external + "/" + image, folder.file("hard-image").path) == 0)
    for name in [
      "catalog.store", "catalog.store-wal", "catalog.store-shm", "catalog.store-journal", "catalog.store.external",
      "catalog.store.external/\(image)", "catalog.store.external/new", "link", "log-link", "hard", "hard-image",
      "./catalog.store-wal", "catalog.store.external/../catalog.store-shm",
    ] {
      #expect(container.isStoreFile(folder.file(name).path), "\(name)")
    }
    #expect(FileManager.default.createFile(atPath: folder.file("mine.csv").path, contents: Data()))
    for name in ["mine.csv", "new.csv", "catalog.store-wal2", "catalog.store.externals"] {
      #expect(!container.isStoreFile(folder.file(name).path), "\(name)")
    }
  }
}
