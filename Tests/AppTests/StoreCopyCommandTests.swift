import Catalog
import Foundation
import Testing

@Suite("movies store copy, run as a user would")
struct StoreCopyCommandTests {
  let movies: MoviesProcess
  let source: URL

  init() async throws {
    movies = try MoviesProcess()
    source = movies.folder.appendingPathComponent("source.store")
    try await Self.fill(source, in: movies)
  }

  /// Fills a catalog with movies (one with two images, one with none), reviews (one without a
  /// rating), tags and taggings, through the app's own commands.
  static func fill(_ store: URL, in movies: MoviesProcess) async throws {
    let poster = movies.folder.appendingPathComponent("poster.png")
    let still = movies.folder.appendingPathComponent("still.jpg")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0A]).write(to: poster)
    try Data(repeating: 0xA5, count: 70_000).write(to: still)
    let at = ["--store", store.path]
    let alien = try await movies.add(
      "Alien — Director’s Cut", date: "1979-05-25", rate: 9,
      at + ["--content", "In space\nno one hears", "--runtime", "117", "--image", poster.path, "--image", still.path])
    let heat = try await movies.add("Heat", date: "1995-12-15", rate: 7, at)
    try await movies.add("Amélie", date: "2001-04-25", rate: 8, at)
    for arguments in [
      ["review", "add", alien, "--text", "Still frightening.", "--author", "Ann", "--rate", "9"],
      ["review", "add", alien, "--text", "A classic."],
      ["tag", "add", alien, "horror"], ["tag", "add", alien, "classic"], ["tag", "add", heat, "classic"],
    ] {
      let result = try await movies.run(at + arguments)
      guard result.status == 0 else { throw ProcessFailure(result: result) }
    }
  }

  @Test func aCopyHoldsEveryValueOfTheSourceAndSaysWhatItCopied() async throws {
    let destination = movies.folder.appendingPathComponent("copy.store")
    let before = try await CatalogContents.read(source)
    let copied = try await movies.run(["--store", source.path, "store", "copy", "--to", destination.path])
    #expect(copied.status == 0, "\(copied.stderr)")
    let copy = try await CatalogContents.read(destination)
    #expect(copy == before)
    #expect(copy.counts == ["Movie": 3, "Review": 2, "MovieTag": 2, "Tagging": 3])
    #expect(copy.movies.contains { $0.images.map(\.count) == [7, 70_000] })
    #expect(try await CatalogContents.read(source) == before)
    let lines = copied.stdout.split(separator: "\n").map(String.init)
    for (model, count) in copy.counts {
      #expect(lines.contains { $0.hasPrefix("  \(model) ") && $0.contains(" \(count) (checksum ") })
    }
    #expect(lines.last?.hasPrefix("History: the source's, up to token ") == true)
  }

  /// Copies `source` to `destination` and expects the destination's history to be the copy's,
  /// under an author that names the source and its newest token, then a change made after the
  /// copy. The source's history must be complete (see ``MoviesProcess/history(_:count:)``);
  /// the destination's is when this returns.
  static func expectHistoryContinues(from source: String, to destination: String, in movies: MoviesProcess) async throws
  {
    let token = try #require(try await movies.history(["--store", source], count: 0).last?["token"] as? Int)
    let copied = try await movies.run(["--store", source, "store", "copy", "--to", destination])
    #expect(copied.status == 0, "\(copied.stderr)")
    let author = "movies store copy of \(source) at history token \(token)"
    #expect(copied.stdout.contains("History: the source's, up to token \(token), is continued"), "\(copied.stdout)")
    try await movies.add("After the copy \(UUID().uuidString.prefix(8))", ["--store", destination])
    // The change after the copy is listed once every transaction before it is.
    let history = try await movies.history(["--store", destination]) { $0.last?["author"] as? String == "movies" }
    #expect(history.count > 1 && history.last?["author"] as? String == "movies", "\(history)")
    #expect(history.dropLast().allSatisfy { $0["author"] as? String == author }, "\(history)")
    await #expect(
      try movies.history(["--store", source], count: 0).last?["token"] as? Int == token, "the source's is as it was")
  }

  @Test func theCopysHistoryNamesTheSourceAndTheTokenItCopied() async throws {
    let destination = movies.folder.appendingPathComponent("copy.store")
    try await Self.expectHistoryContinues(from: source.path, to: destination.path, in: movies)
  }

  @Test func aCopyOfTheCopyHasTheSameChecksums() async throws {
    let first = movies.folder.appendingPathComponent("first.store")
    let second = movies.folder.appendingPathComponent("second.store")
    let one = try await movies.run(["--store", source.path, "store", "copy", "--to", first.path])
    let two = try await movies.run(["--store", first.path, "store", "copy", "--to", second.path])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
    func checksums(_ output: String) -> [Substring] { output.split(separator: "\n").filter { $0.contains("checksum") } }
    #expect(checksums(one.stdout).count == 4)
    #expect(checksums(one.stdout) == checksums(two.stdout))
  }

  @Test func aDestinationThatHoldsMoviesIsRefusedAndLeftAsItWas() async throws {
    let destination = movies.folder.appendingPathComponent("full.store")
    try await movies.add("Solaris", date: "1972-03-20", ["--store", destination.path])
    let before = try await CatalogContents.read(destination)
    let refused = try await movies.run(["--store", source.path, "store", "copy", "--to", destination.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is not empty: it holds Movie: 1"), "\(refused.stderr)")
    #expect(try await CatalogContents.read(destination) == before)
  }

  @Test func theSourceItselfIsRefused() async throws {
    let refused = try await movies.run(["--store", source.path, "store", "copy", "--to", source.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is the source catalog itself"), "\(refused.stderr)")
  }

  @Test func aCopyThatFailsPartWayLeavesTheDestinationEmpty() async throws {
    // A tagging another program damaged cannot be read: movies, reviews and tags are copied
    // before the copy reaches it and fails.
    try ForeignWriter.execute(source, "UPDATE movie_tags SET tagID = X'00' WHERE rowid = 1")
    let destination = movies.folder.appendingPathComponent("empty.store")
    let id = try await movies.add("Solaris", date: "1972-03-20", ["--store", destination.path])
    #expect(try await movies.run(["--store", destination.path, "delete", id]).status == 0)
    let failed = try await movies.run(["--store", source.path, "store", "copy", "--to", destination.path])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("movie_tags.tagID"), "\(failed.stderr)")
    let after = try await CatalogContents.read(destination)
    #expect(after.counts == ["Movie": 0, "Review": 0, "MovieTag": 0, "Tagging": 0])
    // The history is as it was: the movie added and deleted before, nothing of the copy.
    let history = try await movies.run(["--store", destination.path, "history", "--format", "json"])
    #expect(!history.stdout.contains("movies store copy"), "\(history.stdout)")
    #expect(history.stdout.components(separatedBy: "\"token\"").count == 3, "two transactions: \(history.stdout)")
  }

  @Test func aNewDestinationFileIsRemovedWhenTheCopyFails() async throws {
    // The source's damaged row cannot be read: the copy fails before it writes anything.
    try ForeignWriter.damage(source, "UPDATE movies SET title = NULL WHERE title = 'Heat'")
    let destination = movies.folder.appendingPathComponent("new.store")
    let failed = try await movies.run(["--store", source.path, "store", "copy", "--to", destination.path])
    #expect(failed.status == 1)
    #expect(!FileManager.default.fileExists(atPath: destination.path))
  }

  @Test func aMissingDestinationIsAUsageError() async throws {
    let result = try await movies.run(["--store", source.path, "store", "copy"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--to"), "\(result.stderr)")
  }
}
