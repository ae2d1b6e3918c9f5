import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

#if canImport(Glibc)
import Glibc
#endif

/// One file, one store: a store file that has hard links, or that this process has open by
/// another name, is never written, since SQLite keeps a `-wal` beside each name and a write
/// through one name would lose what was saved through another.
@Suite("A store file reached by two names is not written through either")
struct StoreLinksTests {
  let folder: TemporaryDirectory
  let url: URL
  let link: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("catalog.store")
    link = folder.file("backup.store")
  }

  private func open(_ url: URL, saving: Bool = true) throws -> ModelContainer {
    try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url, allowsSave: saving))
  }

  private func count(_ url: URL) async throws -> Int {
    let container = try open(url, saving: false)
    defer { try? container.close() }
    return try await SQLiteRepository<Movie>(container: container).fetchCount(FetchDescriptor())
  }

  /// Makes a store holding Alien at `url` and closes it.
  private func makeStore() async throws {
    let container = try open(url)
    try await SQLiteRepository<Movie>(container: container).insert(.alien)
    try container.close()
  }

  @Test func aStoreWithAHardLinkIsNotOpenedForWritingByEitherName() async throws {
    try await makeStore()
    #expect(Glibc.link(url.path, link.path) == 0)
    let before = try Data(contentsOf: url)
    for name in [url, link] {
      #expect {
        _ = try open(name)
      } throws: { error in
        guard case PersistenceError.cannotOpen(let path, let reason) = error else { return false }
        return path == name.path && reason.contains("2 hard links") && reason.contains("cp")
      }
    }
    #expect(try Data(contentsOf: url) == before)
    #expect(!FileManager.default.fileExists(atPath: link.path + "-wal"))
  }

  @Test func aStoreWithAHardLinkCanStillBeReadToCopyIt() async throws {
    try await makeStore()
    #expect(Glibc.link(url.path, link.path) == 0)
    #expect(try await count(link) == 1)
    #expect(try await count(url) == 1)
  }

  @Test func aHardLinkMadeWhileTheStoreIsOpenStopsItsWrites() async throws {
    try await makeStore()
    let container = try open(url)
    let movies = try SQLiteRepository<Movie>(container: container)
    #expect(Glibc.link(url.path, link.path) == 0)
    await #expect(throws: RepositoryError.self) { try await movies.insert(.heat) }
    unlink(link.path)
    try await movies.insert(.heat)
    try container.close()
    #expect(try await count(url) == 2)
  }

  @Test func checkingAStoreWithAHardLinkReportsIt() async throws {
    try await makeStore()
    #expect(Glibc.link(url.path, link.path) == 0)
    let check = try StoreCheck(url: link, plan: CatalogMigrationPlan.self)
    #expect(check.problems.contains { "\($0)".contains("2 hard links") })
    #expect(throws: PersistenceError.self) { _ = try check.repair() }
  }

  /// Two names for one file in one process: the file bind-mounted at a second path, which
  /// needs `mount` (skipped, saying so, where this process may not mount).
  @Test func aFileOpenByOneNameIsNotOpenedByAnotherInTheSameProcess() async throws {
    try await makeStore()
    #expect(FileManager.default.createFile(atPath: link.path, contents: Data()))
    guard Self.mount(["--bind", url.path, link.path]) else {
      print("skipped: this process cannot bind-mount a file (mount --bind needs root)")
      return
    }
    defer { _ = Self.mount(["-u", link.path], program: "/bin/umount") }
    let container = try open(url)
    defer { try? container.close() }
    #expect {
      _ = try open(link)
    } throws: { error in
      guard case PersistenceError.cannotOpen(let path, let reason) = error else { return false }
      return path == link.path && reason.contains("another name")
    }
    // The same file by the same name is the same store.
    try open(url).close()
  }

  private static func mount(_ arguments: [String], program: String = "/bin/mount") -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments.filter { $0 != "-u" }
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
