import Foundation
import Testing

@Suite("One damaged part of a catalog does not take the rest down")
struct DamagedCatalogTests {
  let movies: MoviesProcess
  var files: URL { movies.folder.appendingPathComponent("data/movies/catalog.store.external") }

  init() throws { movies = try MoviesProcess() }

  /// Adds a movie with one image and returns its id.
  private func addWithImage(_ title: String, date: String) async throws -> String {
    let image = movies.folder.appendingPathComponent("\(title).png")
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
    return try await movies.add(title, date: date, rate: 5, ["--image", image.path])
  }

  /// The files the store wrote (its journal aside).
  private func imageFiles() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0 != "journal" }
      .map { files.appendingPathComponent($0) }
  }

  @Test func aFileWithADatabaseHeaderAndNoDatabaseIsNamedSoInTheAppsWords() async throws {
    // SQLite's 16-byte header, then bytes that are no database (a page size of 0xA5A5 is none).
    let fake = movies.folder.appendingPathComponent("fake.store")
    let bytes = Array("SQLite format 3\u{0}".utf8) + Array(repeating: 0xA5, count: 8_192)
    try Data(bytes).write(to: fake)
    for command in [["list"], ["add", "--title", "Alien", "--date", "1979-05-25"], ["store", "migrate"]] {
      let result = try await movies.run(["--store", fake.path] + command)
      #expect(result.status == 1, "\(command)")
      #expect(
        result.stderr.contains(
          "it is not an SQLite database (another kind of file, or a damaged or encrypted database)"),
        "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("file is not a database"))
    }
    #expect(try Data(contentsOf: fake) == Data(bytes))
  }

  @Test func aMissingImageFailsNothingButTheReadsOfThatImage() async throws {
    let damaged = try await addWithImage("Alien", date: "1979-05-25")
    for file in try imageFiles() { try FileManager.default.removeItem(at: file) }
    let sound = try await movies.add("Heat", date: "1995-12-15")

    let listed = try await movies.run(["list"])
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("Alien") && listed.stdout.contains("Heat"))
    let records = try await movies.listed()
    #expect(records.map { $0["imageCount"] as? Int } == [1, 0], "the count needs no file")
    for format in ["csv", "json", "jsonl"] {
      let exported = try await movies.run(["export", "--format", format])
      #expect(exported.status == 0, "\(format): \(exported.stderr)")
      #expect(exported.stdout.contains("Alien"))
    }
    #expect(try await movies.run(["heart", damaged]).status == 0)
    #expect(try await movies.run(["rate", damaged, "8"]).status == 0)
    #expect(try await movies.run(["update", damaged, "--title", "Alien (1979)"]).status == 0)
    #expect(try await movies.run(["tag", "add", damaged, "classic"]).status == 0)
    #expect(try await movies.run(["review", "add", damaged, "--text", "Tense."]).status == 0)
    #expect(try await movies.run(["stats"]).status == 0)
    #expect(try await movies.run(["show", sound]).status == 0)

    let shown = try await movies.run(["show", damaged])
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("title:   Alien (1979)"))
    #expect(shown.stdout.contains("heart:   1") && shown.stdout.contains("rate:    8"))
    #expect(shown.stderr.contains("Movie \(damaged)") && shown.stderr.contains("is missing"))
    #expect(
      shown.stderr.hasPrefix("movies: warning: the images cannot be read: Movie \(damaged): the file "),
      "one prefix, and not 'store unavailable' for a store that opened: \(shown.stderr)")
  }

  @Test func imagesWhoseFilesAreMissingCanBeReplaced() async throws {
    let damaged = try await addWithImage("Alien", date: "1979-05-25")
    for file in try imageFiles() { try FileManager.default.removeItem(at: file) }
    let poster = movies.folder.appendingPathComponent("poster.png")
    try Data([7, 7, 7]).write(to: poster)

    let updated = try await movies.run(["update", damaged, "--image", poster.path])
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(updated.stdout.contains("images:  1"), "\(updated.stdout)")
    #expect(try imageFiles().map { try Data(contentsOf: $0) } == [Data([7, 7, 7])])
    let shown = try await movies.run(["show", damaged])
    #expect(shown.status == 0 && shown.stderr.isEmpty, "the new image reads: \(shown.stderr)")
    #expect(try await movies.run(["store", "check"]).status == 0)
  }

  @Test func replacingAnImageRemovesTheOldFileAndKeepsTheOtherFields() async throws {
    let id = try await addWithImage("Alien", date: "1979-05-25")
    let old = try imageFiles()
    let poster = movies.folder.appendingPathComponent("poster.png")
    try Data([7, 7, 7]).write(to: poster)
    #expect(try await movies.run(["update", id, "--image", poster.path, "--image", poster.path]).status == 0)
    let now = try imageFiles()
    #expect(now.count == 2 && Set(now).isDisjoint(with: old), "the old file is gone, two new ones stored")
    let record = try #require(try await movies.listed().first)
    #expect(record["title"] as? String == "Alien" && record["rate"] as? Int == 5 && record["imageCount"] as? Int == 2)
  }

  @Test func anImageLargerThanTheLimitIsRefusedBeforeItIsRead() async throws {
    let huge = movies.folder.appendingPathComponent("huge.png")
    #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    // A sparse file: 40 GiB that the test never writes; reading it whole would take minutes.
    try handle.truncate(atOffset: 40 << 30)
    try handle.close()
    let result = try await movies.run(["add", "--title", "Huge", "--date", "2001-01-01", "--image", huge.path])
    #expect(result.status != 0)
    #expect(result.stderr.contains("larger than 32 MiB"))
    #expect(result.duration < .seconds(10))
  }

  @Test func anEndlessDeviceAsAnImageIsRefusedAfterTheLimit() async throws {
    let result = try await movies.run(["add", "--title", "Zero", "--date", "2001-01-01", "--image", "/dev/zero"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("larger than 32 MiB"))
  }

  @Test func listingsAndExportsWrittenAMovieAtATimeMatchTheWholeRendering() async throws {
    // More movies than one batch of tag look-ups, some tagged, so the batches join seamlessly.
    let lines =
      ["title,date,tags"]
      + (0..<10_203).map { "Movie \($0),2001-01-\(String(format: "%02d", $0 % 28 + 1)),\($0 % 3 == 0 ? "a|b" : "")" }
    let csv = movies.folder.appendingPathComponent("many.csv")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: csv)
    #expect(try await movies.run(["import", csv.path, "--quiet"]).status == 0)
    let json = try await movies.run(["list", "--format", "json"])
    let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(decoded.count == 10_203)
    #expect(decoded.filter { ($0["tags"] as? [String]) == ["a", "b"] }.count == 3_401)
    let exported = try await movies.run(["export", "--format", "json"])
    let array = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 10_203)
    let table = try await movies.run(["list"])
    #expect(table.stdout.split(separator: "\n").count == 10_204)
    let rows = table.stdout.split(separator: "\n").map(String.init)
    let titleColumn = try #require(rows.first?.range(of: "TITLE")).lowerBound.utf16Offset(in: rows[0])
    #expect(rows.dropFirst().allSatisfy { $0.dropFirst(titleColumn).hasPrefix("Movie ") }, "one layout for every row")
  }

  @Test func anUnusableImageFolderFailsOnlyTheWritesOfImages() async throws {
    try await movies.add("Alien")
    try? FileManager.default.removeItem(at: files)
    try Data("not a folder".utf8).write(to: files)
    #expect(try await movies.listed().count == 1)
    try await movies.add("Heat")
    let image = movies.folder.appendingPathComponent("poster.png")
    try Data([1]).write(to: image)
    let refused = try await movies.run(["add", "--title", "Up", "--date", "2009-05-29", "--image", image.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is not a folder"))
    #expect(try await movies.listed().count == 2, "the refused movie is not half stored")
    #expect(try Data(contentsOf: files) == Data("not a folder".utf8))
  }
}
