import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import Testing

/// An observer hears of another process's commit as it happens — from the kernel's file events
/// where there are some, from a check at its interval where not — through every change the
/// store's log goes through.
extension ProcessSharingTests {
  /// Adds a movie from another `movies` process; returns its id and when the process ended.
  private func addFromAnotherProcess(_ title: String) throws -> (id: String, ended: ContinuousClock.Instant) {
    let added = try process.run(["--store", store.path, "add", "--title", title, "--date", "1979-05-25"])
    #expect(added.status == 0, "\(added.stderr)")
    return (added.stdout.trimmingCharacters(in: .whitespacesAndNewlines), .now)
  }

  /// Starts waiting for the next transaction; the task returns its ids and when it arrived.
  private func nextTransaction(
    of observer: HistoryObserver
  ) -> Task<(ids: [String], at: ContinuousClock.Instant), any Error> {
    var iterator = observer.makeAsyncIterator()
    return Task {
      let transaction = try await iterator.next()
      return (transaction?.changes.map(\.id) ?? [], .now)
    }
  }

  #if os(Linux)
  @Test(.timeLimit(.minutes(1))) func anotherProcesssCommitArrivesLongBeforeTheFallbackInterval() async throws {
    let container = try container()
    // Checked every ten seconds, were it not for the file events.
    let observer = try container.history(models: ["Movie"], interval: .seconds(10))
    let seen = nextTransaction(of: observer)
    // Time to start waiting: a commit made before would be read, not heard.
    try await Task.sleep(for: .milliseconds(100))
    let added = try addFromAnotherProcess("Alien")
    let (ids, at) = try await seen.value
    #expect(ids == [added.id])
    #expect(at - added.ended < .seconds(2))
  }

  @Test(.timeLimit(.minutes(1))) func theWatchOutlivesACheckpointThatEmptiesTheLog() async throws {
    let container = try container()
    // Held throughout, so that one watch runs from the first commit to the last.
    let holder = try container.history(interval: .seconds(10)).makeAsyncIterator()
    let first = try addFromAnotherProcess("Alien")
    try ForeignWriter.execute(store, "PRAGMA wal_checkpoint(TRUNCATE)")
    let log = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")
    #expect(log[.size] as? Int == 0, "the log was emptied")

    let observer = try container.history(models: ["Movie"], interval: .seconds(10))
    let seen = nextTransaction(of: observer)
    try await Task.sleep(for: .milliseconds(100))
    let second = try addFromAnotherProcess("Heat")
    let (ids, at) = try await seen.value
    #expect(ids == [second.id] && ids != [first.id])
    #expect(at - second.ended < .seconds(2))
    withExtendedLifetime(holder) {}
  }
  #endif

  @Test(.timeLimit(.minutes(1))) func withoutFileEventsTheStoreIsCheckedAtTheInterval() async throws {
    let container = try container(fileEvents: false)
    let observer = try container.history(models: ["Movie"], interval: .milliseconds(20))
    let seen = nextTransaction(of: observer)
    let added = try addFromAnotherProcess("Alien")
    #expect(try await seen.value.ids == [added.id])
  }
}
