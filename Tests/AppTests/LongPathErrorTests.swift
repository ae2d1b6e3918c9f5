import Foundation
import Testing

/// A path thousands of bytes long is quoted once in an error, cut in its middle with `…` as a
/// long command-line value is, keeping the file's name at its end.
@Suite("Errors about a very long path")
struct LongPathErrorTests {
  let movies: MoviesProcess
  /// A 5,000-byte path below the test's folder, through folders that do not exist.
  let store: String

  init() throws {
    movies = try MoviesProcess()
    store =
      movies.folder.path + "/"
      + Array(repeating: String(repeating: "x", count: 200), count: 25).joined(
        separator: "/") + "/catalog.store"
  }

  @Test(arguments: [["list"], ["add", "--title", "Alien", "--date", "1979-05-25"], ["store", "check"]])
  func theLineIsShortAndNamesThePathOnce(_ arguments: [String]) async throws {
    #expect(store.utf8.count > 5_000)
    let result = try await movies.run(arguments + ["--store", store])
    #expect(result.status == 1)
    let line = result.stderr.trimmingCharacters(in: .newlines)
    #expect(!line.contains("\n"))
    #expect(line.count < 600, "\(line.count) characters")
    #expect(line.contains("…") && line.contains("x/catalog.store:"))
    // The path's start appears once: not again as the folder that could not be created.
    #expect(line.components(separatedBy: movies.folder.path).count == 2, "\(line)")
  }
}
