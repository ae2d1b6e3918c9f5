import Foundation
import TestSupport
import Testing

/// `movies` on a full disk says which disk is full — the catalog's, or the temporary folder's
/// — and reading commands still read the catalog.
@Suite("movies on a full disk", .serialized, .enabled(if: TinyDisk.isAvailable, TinyDisk.unavailable))
struct FullDiskCommandTests {
  let movies: MoviesProcess
  let disk: TinyDisk

  init() throws {
    movies = try MoviesProcess()
    disk = try TinyDisk()
  }

  @Test func readingCommandsReadAndWritingCommandsNameTheFullDisk() async throws {
    let store = disk.file("catalog.store").path
    let id = try await movies.add("Alien", ["--store", store])
    disk.fill()
    for reading in [["list"], ["stats"], ["export", "--format", "csv"], ["store", "info"], ["show", id]] {
      let result = try await movies.run(reading + ["--store", store])
      #expect(result.status == 0, "\(reading): \(result.stderr)")
      #expect(result.stdout.contains("Alien") || reading == ["stats"] || reading == ["store", "info"], "\(reading)")
    }
    let check = try await movies.run(["store", "check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let added = try await movies.run(["add", "--title", "Heat", "--date", "1995-12-15", "--store", store])
    #expect(added.status == 1)
    #expect(added.stderr == "movies: error: the disk holding \(store) is full; free some space on it and try again\n")
  }

  @Test func aFullTemporaryFolderIsNamedNotTheOutputFilesDisk() async throws {
    _ = try await movies.add("Alien")
    let output = movies.folder.appendingPathComponent("movies.csv")
    try Data("old\n".utf8).write(to: output)
    disk.fill()
    let result = try await movies.run(
      ["export", "--format", "csv", "--output", output.path], environment: ["TMPDIR": disk.url.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the temporary folder \(disk.url.path)") && result.stderr.contains("is full"))
    #expect(!result.stderr.contains("No space left on device"))
    #expect(try String(contentsOf: output, encoding: .utf8) == "old\n")
  }
}
