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
  /// Adds a movie from another `movies` process; returns its id.
  private func addFromAnotherProcess(_ title: String) async throws -> String {
    let added = try await process.run(["--store", store.path, "add", "--title", title, "--date", "1979-05-25"])
    #expect(added.status == 0, "\(added.stderr)")
    return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Starts waiting for the next transaction; the task returns the ids it changed.
  private func nextTransaction(of observer: HistoryObserver) -> Task<[String], any Error> {
    var iterator = observer.makeAsyncIterator()
    return Task { try await iterator.next()?.changes.map(\.id) ?? [] }
  }

  // The observers below would check the store every ten minutes without file events: within
  // the test's time limit, only the file events can bring the change. (How soon they do is
  // scripts/measure-notify.sh's to say: a test process's own threads may be busy for seconds.)

  #if os(Linux)
  @Test(.timeLimit(.minutes(5))) func anotherProcesssCommitArrivesWithoutTheFallbackCheck() async throws {
    let container = try container()
    let observer = try container.history(models: ["Movie"], interval: .seconds(600))
    let seen = nextTransaction(of: observer)
    // Time to start waiting: a commit made before would be read, not heard.
    try await Task.sleep(for: .milliseconds(100))
    let added = try await addFromAnotherProcess("Alien")
    #expect(try await seen.value == [added])
  }

  @Test(.timeLimit(.minutes(5))) func theWatchOutlivesACheckpointThatEmptiesTheLog() async throws {
    let container = try container()
    // Held throughout, so that one watch runs from the first commit to the last.
    let holder = try container.history(interval: .seconds(600)).makeAsyncIterator()
    let first = try await addFromAnotherProcess("Alien")
    try ForeignWriter.execute(store, "PRAGMA wal_checkpoint(TRUNCATE)")
    let log = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")
    #expect(log[.size] as? Int == 0, "the log was emptied")

    let observer = try container.history(models: ["Movie"], interval: .seconds(600))
    let seen = nextTransaction(of: observer)
    try await Task.sleep(for: .milliseconds(100))
    let second = try await addFromAnotherProcess("Heat")
    let ids = try await seen.value
    #expect(ids == [second] && ids != [first])
    withExtendedLifetime(holder) {}
  }
  #endif

  @Test(.timeLimit(.minutes(5))) func withoutFileEventsTheStoreIsCheckedAtTheInterval() async throws {
    let container = try container(fileEvents: false)
    let observer = try container.history(models: ["Movie"], interval: .milliseconds(20))
    let seen = nextTransaction(of: observer)
    let added = try await addFromAnotherProcess("Alien")
    #expect(try await seen.value == [added])
  }
}
