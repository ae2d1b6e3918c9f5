import Foundation
import Testing

@Suite("A command leaves no -wal or -shm beside the catalog when it ends")
struct StoreSidecarTests {
  let movies: MoviesProcess

  init() throws {
    movies = try MoviesProcess()
  }

  private var sidecars: [String] {
    ["-wal", "-shm"].map { movies.defaultStore.path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
  }

  @Test(arguments: [
    ["list"], ["list", "--format", "json"], ["stats"], ["export", "--format", "csv"], ["export", "--format", "json"],
    ["history"], ["store", "info"], ["store", "check"], ["show", "00000000-0000-0000-0000-000000000000"],
    ["rate", "00000000-0000-0000-0000-000000000000", "5"],
  ])
  func afterAnyCommandSucceedingOrFailing(_ arguments: [String]) async throws {
    let id = try await movies.add("Alien", rate: 9)
    #expect(sidecars.isEmpty, "after add: \(sidecars)")
    _ = try await movies.run(arguments)
    #expect(sidecars.isEmpty, "after \(arguments.joined(separator: " ")): \(sidecars)")
    // What was committed is in the store itself, with nothing left in a log.
    _ = try await movies.run(["rate", id, "7"])
    #expect(sidecars.isEmpty)
    #expect(try await movies.listed().first?["rate"] as? Int == 7)
  }
}
