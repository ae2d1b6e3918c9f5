import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// The watch that finds other processes' commits for a store's observers: one per store, held
/// while any observer iterates, closed with the last; and the waits it ends.
@Suite("The watch of a store's observers")
struct HistoryWatchTests {
  let folder: TemporaryDirectory
  let container: ModelContainer

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: folder.file("catalog.store"))])
  }

  #if os(Linux)
  /// How many inotify descriptors of this process watch the test's folder, told by the inode
  /// `/proc/self/fdinfo` names (other tests' watches, running alongside, watch other folders).
  private func watchesOfFolder() throws -> Int {
    let inode = try #require(FileManager.default.attributesOfItem(atPath: folder.url.path)[.systemFileNumber] as? Int)
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    return descriptors.filter { descriptor in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
        == "anon_inode:inotify"
        && ((try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8))?
          .contains("ino:\(String(inode, radix: 16)) ") ?? false)
    }.count
  }

  @Test func observersShareOneWatchWhoseDescriptorIsClosedWhenTheLastEnds() throws {
    let observer = try container.history(models: ["Movie"])
    #expect(try watchesOfFolder() == 0)
    do {
      let second = observer.makeAsyncIterator()
      do {
        let first = observer.makeAsyncIterator()
        #expect(try watchesOfFolder() == 1)
        withExtendedLifetime(first) {}
      }
      #expect(try watchesOfFolder() == 1, "still held by the second observer")
      withExtendedLifetime(second) {}
    }
    #expect(try watchesOfFolder() == 0)
    let again = try container.results(FetchDescriptor<Movie>()).makeAsyncIterator()
    #expect(try watchesOfFolder() == 1, "a new observer starts it again")
    withExtendedLifetime(again) {}
  }

  @Test func withoutFileEventsNoDescriptorIsOpened() async throws {
    var configuration = ModelConfiguration("Catalog", url: folder.file("catalog.store"))
    configuration.watchesFileEvents = false
    let checked = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self, configurations: [configuration])
    let iterator = try checked.history().makeAsyncIterator()
    #expect(try watchesOfFolder() == 0)
    withExtendedLifetime(iterator) {}
  }
  #endif

  /// An observer waiting for the next transaction, checking the store at an interval far longer
  /// than a test may take: only a commit, a close or a cancellation ends its wait.
  private func waitingObserver() async throws -> Task<HistoryTransaction?, any Error> {
    let observer = try container.history(interval: .seconds(600))
    let waiting = Task {
      var iterator = observer.makeAsyncIterator()
      return try await iterator.next()
    }
    try await Task.sleep(for: .milliseconds(100))
    return waiting
  }

  @Test(.timeLimit(.minutes(5))) func closingTheContainerWakesItsObserversWithTheError() async throws {
    let waiting = try await waitingObserver()
    try container.close()
    await #expect(throws: PersistenceError.closed(path: folder.file("catalog.store").path)) {
      try await waiting.value
    }
  }

  @Test(.timeLimit(.minutes(5))) func cancellingAnObserverEndsItsWaitAtOnce() async throws {
    let waiting = try await waitingObserver()
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
  }

  @Test(.timeLimit(.minutes(5))) func anotherContainerOnTheStoreIsHeardWithoutFileEventsAtItsInterval() async throws {
    var configuration = ModelConfiguration("Catalog", url: folder.file("catalog.store"))
    configuration.watchesFileEvents = false
    let checked = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self, configurations: [configuration])
    let observer = try checked.history(models: ["Movie"], interval: .milliseconds(10))
    let seen = Task {
      var iterator = observer.makeAsyncIterator()
      return try await iterator.next()?.changes.map(\.kind)
    }
    try await Task.sleep(for: .milliseconds(100))
    // Another container's store has a signal of its own: only the check at the interval sees it.
    try await SQLiteRepository<Movie>(container: container).insert(Movie.alien)
    #expect(try await seen.value == [.insert])
  }
}
