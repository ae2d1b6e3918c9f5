import Foundation
import SQLValues
import SQLiteCore
import Testing

@testable import Persistence

@Suite("movies store check finds every damage, and --repair makes only the safe repairs")
struct StoreCheckCommandTests {
  let movies: MoviesProcess
  var store: URL { movies.defaultStore }
  var files: URL { movies.folder.appendingPathComponent("data/movies/catalog.store.external") }

  init() throws { movies = try MoviesProcess() }

  @discardableResult
  private func addWithImage(_ title: String) async throws -> String {
    let image = movies.folder.appendingPathComponent("\(title).png")
    try Data([1, 2, 3]).write(to: image)
    return try await movies.add(title, date: "2001-01-01", rate: 5, ["--image", image.path])
  }

  private func imageFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0 != "journal" }.sorted()
  }

  private func setByte(_ value: UInt8, at offset: UInt64) throws {
    let handle = try FileHandle(forUpdating: store)
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data([value]))
    try handle.close()
  }

  @Test func aFlippedFileFormatVersionIsFoundAndRepaired() async throws {
    try await movies.add("Alien")
    try setByte(0x82, at: 18)
    #expect(try await movies.run(["add", "--title", "Heat", "--date", "2001-01-01"]).status != 0)
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: the header's file format versions are 130 (write) and 2 (read)"))
    let repaired = try await movies.run(["store", "check", "--repair"])
    #expect(repaired.status == 0, "\(repaired.stdout)")
    #expect(repaired.stdout.contains("repaired: set the header's file format versions to 2"))
    try await movies.add("Heat")
    #expect(try await movies.listed().count == 2)
  }

  /// The bytes and the mode of a file, and the names in its folder.
  private func snapshot(_ file: URL) throws -> (Data, Int, [String]) {
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int ?? 0
    let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted()
    return (try Data(contentsOf: file), mode, names)
  }

  @Test(arguments: ["a text file", "another program's database"])
  func aFileThatIsNoCatalogIsSaidSoWithNoRepairSuggestedOrMade(kind: String) async throws {
    let file = movies.folder.appendingPathComponent("notes.db")
    if kind == "a text file" {
      try Data("Alien, 1979\n".utf8).write(to: file)
    } else {
      try Connection(location: .file(file.path), readOnly: false, usesWAL: false).execute(
        "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('Alien')")
    }
    // Open to other users, which a catalog's check notes as a repair to make.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let before = try snapshot(file)
    for command in [["store", "check"], ["store", "check", "--repair"]] {
      let result = try await movies.run(["--store", file.path] + command)
      #expect(result.status == 1)
      #expect(!result.stdout.contains("repair") && !result.stdout.contains("note:"), "\(result.stdout)")
      #expect(result.stdout.hasPrefix("problem: "))
      #expect(
        result.stderr
          == "movies: error: '\(file.path)' is not a movies catalog this version of movies can read: no repair "
          + "applies, and nothing in it was changed (do --store and MOVIES_STORE name the right file?)\n")
      let after = try snapshot(file)
      #expect(after.0 == before.0 && after.1 == before.1 && after.2 == before.2)
    }
  }

  @Test func aCatalogKeptFromOpeningByAFIFOBesideItIsStillCalledACatalog() async throws {
    try await movies.add("Alien")
    #expect(mkfifo(store.path + "-wal", 0o600) == 0)
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("-wal file is not a regular file of its own"), "\(check.stdout)")
    #expect(check.stderr == "movies: error: the catalog has 1 problem\n", "\(check.stderr)")
  }

  @Test func aValueNoReadCouldDecodeIsFoundNamingItsRow() async throws {
    try await movies.add("Alien")
    try await movies.add("Heat")
    // SQLite's integrity and STRICT types pass this; decoding the row as a movie cannot.
    try Connection(location: .file(store.path), readOnly: false).execute(
      "UPDATE movies SET id = x'0102' WHERE title = 'Alien'")
    #expect(try await movies.run(["list"]).status == 1)
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout == "problem: 1 row of Movie: id cannot be read as uuid (0102)\n")
  }

  @Test func aMissingImageIsFoundAndDetachedOnlyWhenAsked() async throws {
    let id = try await addWithImage("Alien")
    for name in try imageFiles() { try FileManager.default.removeItem(at: files.appendingPathComponent(name)) }
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: Movie \(id): the file "))
    #expect(check.stdout.contains("of images is missing"))
    #expect(try await movies.run(["store", "check", "--detach-missing-images"]).status == 2)
    let repairOnly = try await movies.run(["store", "check", "--repair"])
    #expect(repairOnly.status == 1, "a missing image is detached only when asked")
    #expect(try await movies.listed().first?["imageCount"] as? Int == 1)
    let detached = try await movies.run(["store", "check", "--repair", "--detach-missing-images"])
    #expect(detached.status == 0, "\(detached.stdout)")
    #expect(detached.stdout.contains("repaired: detached the missing file"))
    #expect(!detached.stdout.contains("removed"), "a file already missing is not reported as removed")
    #expect(try await movies.listed().first?["imageCount"] as? Int == 0)
  }

  @Test func filesTheStoreLeftAreRemovedAndAStrangersFileIsLeftAlone() async throws {
    try await addWithImage("Alien")
    let kept = try imageFiles()
    // As a writer killed between writing its file and committing leaves it.
    let orphan = "fedcba9876543210fedcba9876543210"
    try Data([7]).write(to: files.appendingPathComponent(orphan))
    // A journal line names its store by its file's device and inode.
    let store = try FileManager.default.attributesOfItem(atPath: store.path)
    let owner =
      "\(try #require(store[.systemNumber] as? NSNumber))-\(try #require(store[.systemFileNumber] as? NSNumber))"
    try Data("\(owner) \(orphan)\n".utf8).write(to: files.appendingPathComponent("journal"))
    let stranger = "0123456789abcdef0123456789abcdef"
    try Data([8]).write(to: files.appendingPathComponent(stranger))

    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("the file \(orphan) in \(files.path) was left by a write that never committed"))
    #expect(check.stdout.contains("the file \(stranger) in \(files.path) was not written by this store"))
    let repaired = try await movies.run(["store", "check", "--repair"])
    #expect(repaired.stdout.contains("repaired:"))
    #expect(try imageFiles() == (kept + [stranger]).sorted())
    #expect(try await movies.run(["show", try #require(movies.listed().first?["id"] as? String)]).stderr.isEmpty)
  }

  @Test func anImageThatIsNotARegularFileIsFound() async throws {
    let id = try await addWithImage("Alien")
    let name = try #require(try imageFiles().first)
    try FileManager.default.removeItem(at: files.appendingPathComponent(name))
    try FileManager.default.createSymbolicLink(
      atPath: files.appendingPathComponent(name).path, withDestinationPath: "/etc/passwd")
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: Movie \(id): the file \(name) of images is not a regular file"))
    let shown = try await movies.run(["show", id])
    #expect(shown.status == 0)
    #expect(shown.stderr.contains("symbolic link"))
    #expect(!shown.stdout.contains("root:"))
  }
}

@Suite("movies store check applies the catalog's rules to what another program stored")
struct StoreCheckRulesTests {
  let movies: MoviesProcess
  init() throws { movies = try MoviesProcess() }

  @Test func valuesBreakingTheCatalogsRulesAreNamedByIdAndFieldAndRepairLeavesThem() async throws {
    let alien = try await movies.add("Alien", rate: 9)
    let heat = try await movies.add("Heat")
    #expect(try await movies.run(["tag", "add", alien, "classic"]).status == 0)
    #expect(try await movies.run(["review", "add", alien, "--text", "Tense."]).status == 0)
    #expect(try await movies.run(["store", "check"]).status == 0)
    // STRICT types and NOT NULL allow all of these; only the catalog's rules refuse them.
    try ForeignWriter.execute(
      movies.defaultStore,
      """
      UPDATE movies SET rate = 11 WHERE title = 'Alien';
      UPDATE movies SET title = '' WHERE title = 'Heat';
      UPDATE tags SET name = '';
      UPDATE reviews SET text = ' Tense. ';
      """)
    for arguments in [["store", "check"], ["store", "check", "--repair"]] {
      let check = try await movies.run(arguments)
      #expect(check.status == 1)
      #expect(check.stderr == "movies: error: the catalog has 4 problems\n")
      let lines = check.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 4, "\(check.stdout)")
      #expect(lines.contains { $0.hasPrefix("problem: movie \(alien): the rate must be between 0 and 10, not 11 (") })
      #expect(
        lines.contains { $0.hasPrefix("problem: movie \(heat): the title must not be empty ('movies update ID'") })
      #expect(lines.contains { $0.hasPrefix("problem: tag ") && $0.contains("a tag name must not be empty") })
      #expect(lines.contains { $0.contains("the text or author has spaces around it ('movies review delete ID'") })
      #expect(!check.stdout.contains("repaired:"), "nothing of these is the check's to change")
    }
    #expect(try await movies.listed().map { $0["rate"] as? Int }.contains(11), "the value is left as the user's to fix")
  }
}
