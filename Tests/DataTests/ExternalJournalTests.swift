import Catalog
import CatalogStorage
import Foundation
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The journal of external files touches only the store's own files")
struct ExternalJournalTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  private func movies(_ name: String) throws -> SQLiteRepository<Movie> {
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file(name)))
    return try SQLiteRepository<Movie>(container: container)
  }

  private var journal: URL { folder.file("a.store.external/journal") }

  @Test func twoStoresSharingAFolderThroughALinkKeepEachOthersImages() async throws {
    let first = try movies("a.store")
    let alien = Movie(title: "Alien", images: [Data([1, 2, 3])], date: .now)
    try await first.insert(alien)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("b.store.external").path, withDestinationPath: "a.store.external")
    let second = try movies("b.store")
    let heat = Movie(title: "Heat", images: [Data([4, 5])], date: .now)
    try await second.insert(heat)
    try await first.insert(Movie(title: "Up", date: .now))
    try await second.insert(Movie(title: "Ran", date: .now))
    #expect(try await first.fetch(id: alien.id)?.images == alien.images)
    #expect(try await second.fetch(id: heat.id)?.images == heat.images)
  }

  @Test func aJournalThatIsAHardLinkToAnotherFileLeavesThatFileAsItWas() async throws {
    let store = try movies("a.store")
    try await store.insert(Movie(title: "Alien", images: [Data([1])], date: .now))
    let victim = folder.file("notes.txt")
    try Data("precious\n".utf8).write(to: victim)
    chmod(victim.path, 0o644)
    try FileManager.default.removeItem(at: journal)
    try FileManager.default.linkItem(at: victim, to: journal)
    await #expect(throws: (any Error).self, "a write of an image needs the journal") {
      try await store.insert(Movie(title: "Heat", images: [Data([2])], date: .now))
    }
    try await store.insert(Movie(title: "Up", date: .now))
    #expect(try Data(contentsOf: victim) == Data("precious\n".utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o644)
  }

  @Test func aFIFOInTheJournalsPlaceFailsAWriteAtOnceInsteadOfWaiting() async throws {
    let store = try movies("a.store")
    try await store.insert(Movie(title: "Alien", images: [Data([1])], date: .now))
    try FileManager.default.removeItem(at: journal)
    #expect(mkfifo(journal.path, 0o600) == 0)
    let finished = DispatchSemaphore(value: 0)
    let path = journal.path
    let thread = Thread {
      _ = try? ExternalJournal(folder: URL(fileURLWithPath: path).deletingLastPathComponent()).append(
        [String(repeating: "a", count: 32)])
      finished.signal()
    }
    thread.start()
    let returned = finished.wait(timeout: .now() + 10) == .success
    if !returned {
      // Let the stuck writer go, so the test process can end.
      let reader = open(path, O_RDONLY | O_NONBLOCK)
      finished.wait()
      close(reader)
    }
    #expect(returned, "opening a FIFO for writing must not wait for a reader")
  }

  @Test func garbageInTheJournalIsClearedByTheNextWrite() async throws {
    let store = try movies("a.store")
    let alien = Movie(title: "Alien", images: [Data([1])], date: .now)
    try await store.insert(alien)
    // No line of it is a store's: a crash in mid-line, or anything else.
    try Data(repeating: UInt8(ascii: "x"), count: 3 << 20).write(to: journal)
    try await store.insert(Movie(title: "Up", date: .now))
    let size = try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? NSNumber
    #expect(size?.intValue == 0)
    #expect(try await store.fetch(id: alien.id)?.images == alien.images)
  }
}
