import Catalog
import CatalogStorage
import Dispatch
import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

@Suite("A write waits for another writer up to the configuration's busy timeout")
struct BusyStoreTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  private func container(busyTimeout: Duration) throws -> ModelContainer {
    try ModelContainer(
      for: Movie.self, MovieTag.self, Tagging.self,
      configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store"), busyTimeout: busyTimeout))
  }

  @Test(.timeLimit(.minutes(5))) func aWriterThatWaitsTooLongGetsATypedErrorNamingTheHolder() async throws {
    let holder = try container(busyTimeout: .seconds(5)).fileStore(named: nil, for: "a test")
    let movies = try SQLiteRepository<Movie>(container: try container(busyTimeout: .milliseconds(300)))
    let locked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holding = Thread {
      try? holder.write { _ in
        locked.signal()
        release.wait()
      }
    }
    holding.start()
    locked.wait()
    defer { release.signal() }
    let start = ContinuousClock.now
    let error = await #expect(throws: RepositoryError.self) {
      try await movies.insert(Movie(title: "Heat", date: .now))
    }
    #expect(ContinuousClock.now - start >= .milliseconds(300))
    let path = folder.file("catalog.store").path
    #expect(
      error
        == .busy(
          "another connection of this process is writing the store at \(path) and did not finish within 0.3 s"))
  }

  @Test func theLockHolderIsReadFromTheSystemsListOfLocks() throws {
    let file = folder.file("catalog.store-shm")
    try Data(count: 200).write(to: file)
    var status = stat()
    #expect(stat(file.path, &status) == 0)
    let device = String(format: "%02x:%02x:%lu", (status.st_dev >> 8) & 0xFFF, status.st_dev & 0xFF, status.st_ino)
    let locks = """
      1: POSIX  ADVISORY  READ 4321 \(device) 128 128
      2: POSIX  ADVISORY  WRITE 1234 \(device) 120 120
      2: -> POSIX  ADVISORY  WRITE 999 \(device) 120 120
      3: FLOCK  ADVISORY  WRITE 777 00:00:1 0 EOF
      """
    #expect(WriteLockHolder.writer(in: locks, of: status, byte: 120) == 1234)
    #expect(WriteLockHolder.writer(in: locks, of: status, byte: 128) == nil, "a read lock is not the writer's")
    let holder = WriteLockHolder(databaseAt: folder.file("catalog.store").path, locks: locks)
    #expect(holder?.processID == 1234)
    #expect(holder?.isCurrentProcess == false)
    #expect(WriteLockHolder(databaseAt: folder.file("catalog.store").path, locks: "") == nil)
  }
}
