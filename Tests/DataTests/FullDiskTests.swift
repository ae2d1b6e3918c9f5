import Catalog
import CatalogStorage
import Foundation
import Repositories
import TestSupport
import Testing

@testable import Persistence

/// On a full disk every failure says so, naming the disk — "the disk holding … is full" — at
/// open, read, write and check, instead of SQLite's "disk I/O error"; and a store opened only
/// to read is still read, as it lies, when there is no room for its `-wal` and `-shm`.
@Suite("A full disk is named as such", .serialized, .enabled(if: TinyDisk.isAvailable, TinyDisk.unavailable))
struct FullDiskTests {
  let disk: TinyDisk
  let url: URL

  init() throws {
    disk = try TinyDisk()
    url = disk.file("catalog.store")
  }

  private func open(saving: Bool = true) throws -> ModelContainer {
    try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: url, allowsSave: saving)])
  }

  /// A catalog holding Alien, closed, on a disk then filled.
  private func fullDiskWithCatalog() async throws {
    let container = try open()
    try await SQLiteRepository<Movie>(container: container).insert(.alien)
    try container.close()
    disk.fill()
  }

  private func isFullDisk(_ error: any Error) -> Bool {
    "\(error)".contains("the disk holding \(url.path) is full") && !"\(error)".contains("I/O")
  }

  @Test func aWritableOpenSaysTheDiskIsFull() async throws {
    try await fullDiskWithCatalog()
    #expect {
      _ = try open()
    } throws: { error in
      guard case PersistenceError.diskFull(let path, temporary: false) = error else { return false }
      return path == url.path
    }
  }

  @Test func aStoreOpenedToReadIsReadAsItLies() async throws {
    try await fullDiskWithCatalog()
    let container = try open(saving: false)
    #expect(try await SQLiteRepository<Movie>(container: container).fetch(FetchDescriptor()).map(\.title) == ["Alien"])
    try container.close()
  }

  @Test func aWriteThatFindsNoRoomSaysTheDiskIsFull() async throws {
    let container = try open()
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert(.alien)
    disk.fill()
    var heat = Movie.heat
    heat.content = String(repeating: "long ", count: 200_000)
    await #expect {
      try await movies.insert(heat)
    } throws: { error in
      isFullDisk(error)
    }
    disk.free()
    #expect(try await movies.fetch(FetchDescriptor()).map(\.title) == ["Alien"])
    try container.close()
  }

  @Test func aCheckReadsTheStoreAndReportsNoDamage() async throws {
    try await fullDiskWithCatalog()
    // A command that failed for lack of room leaves an empty -wal and a cut -shm beside it.
    #expect(throws: PersistenceError.self) { _ = try open() }
    let check = try StoreCheck(url: url, plan: CatalogMigrationPlan.self)
    #expect(check.problems.isEmpty, "\(check.problems)")
    #expect(check.version != nil)
  }

  @Test func aFullTemporaryFolderOnAnotherDiskIsNamedInstead() throws {
    let temporary = try TinyDisk()
    temporary.fill()
    let error = FullDisk.error(
      store: "/tmp/catalog.store", realPath: "/tmp/catalog.store", temporary: temporary.url.path)
    #expect(error == .diskFull(path: temporary.url.path, temporary: true))
    #expect("\(error)".contains("the temporary folder \(temporary.url.path) is full"))
    // The store's own disk, when it is the full one, whatever the temporary folder's.
    disk.fill()
    let own = FullDisk.error(store: url.path, realPath: url.path, temporary: temporary.url.path)
    #expect(own == .diskFull(path: url.path, temporary: false))
  }
}
