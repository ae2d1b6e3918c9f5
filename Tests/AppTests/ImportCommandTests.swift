import Foundation
import Testing

@Suite("movies import, run as a user would")
struct ImportCommandTests {
  private func file(_ movies: MoviesProcess, _ name: String, _ bytes: [UInt8]) throws -> String {
    let url = movies.folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  private func titles(_ movies: MoviesProcess) async throws -> [String] {
    try await movies.listed(["--sort", "title"]).compactMap { $0["title"] as? String }
  }

  @Test(arguments: StoreEngine.available) func everyCSVCaseIsRead(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    // A byte-order mark, CRLF line ends, a quoted comma, doubled quotes, a line break inside
    // quotes, a blank line, tags, an unknown column, and no line break after the last row.
    let csv =
      "Title,Date,Rate,Tags,Mood\r\n"
      + "\"Alien, the film\",1979-05-25,9,horror|sci-fi,dark\r\n"
      + "\"Say \"\"hi\"\"\",1995-12-15T10:30:00Z,7,,\r\n"
      + "\r\n"
      + "\"Two\nlines\",2001-01-01,5,,"
    let path = try file(movies, "bom.csv", [0xEF, 0xBB, 0xBF] + Array(csv.utf8))
    let result = try await movies.run(["import", path, "--ignore-unknown"])
    #expect(
      result
        == .init(
          status: 0, stdout: "Imported 3 movies: 3 added, 0 updated.\n",
          stderr: "movies: warning: ignoring unknown fields: mood\n"))
    #expect(try await titles(movies) == ["Alien, the film", "Say \"hi\"", "Two\nlines"])
    #expect(try await movies.listed(["--tag", "sci-fi"]).first?["rate"] as? Int == 9)
  }

  @Test(arguments: StoreEngine.available) func standardInputIsReadAsCSV(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let result = try await movies.run(["import", "-", "--format", "csv"], input: "title,date\nUp,2009-05-29\n")
    #expect(result == .init(status: 0, stdout: "Imported 1 movie: 1 added, 0 updated.\n", stderr: ""))
    #expect(try await titles(movies) == ["Up"])
  }

  @Test func standardInputWithoutAFormatIsAUsageErrorNamingTheFormats() async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["import", "-"], input: "title,date\nUp,2009-05-29\n")
    #expect(
      result
        == .init(
          status: 2, stdout: "",
          stderr:
            "movies: error: reading standard input needs --format csv, json or jsonl (see 'movies import --help')\n"))
    #expect(try await movies.storesNoMovie())
  }

  @Test func aFileWhoseExtensionNamesNoFormatIsAUsageErrorNamingTheFormats() async throws {
    let movies = try MoviesProcess()
    let path = try file(movies, "movies.txt", Array("title,date\nUp,2009-05-29\n".utf8))
    let result = try await movies.run(["import", path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "movies: error: reading a file whose extension names no format needs --format csv, json or jsonl"))
  }

  @Test(arguments: StoreEngine.available) func aQuoteNeverClosedImportsNothing(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let path = try file(movies, "broken.csv", Array("title,date\nUp,2009-05-29\n\"Open,2001-01-01\n".utf8))
    let result = try await movies.run(["import", path])
    #expect(result.status == 1)
    #expect(result.stderr == "movies: error: line 3, file: a quoted field is never closed\n")
    #expect(
      engine == .postgres || !FileManager.default.fileExists(atPath: movies.defaultStore.path),
      "a failed first import leaves no store")
    #expect(try await movies.storesNoMovie())
  }

  @Test(arguments: StoreEngine.available) func reimportingUpdatesByIdOrByTitleAndDate(engine: StoreEngine) async throws
  {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Alien", date: "1979-05-25", rate: 5)
    let path = try file(
      movies, "again.csv", Array("id,title,date,rate\n\(id),Alien,1979-05-25,8\n,Heat,1995-12-15,7\n".utf8))
    _ = try await movies.run(["import", path])
    let update = try file(movies, "update.csv", Array("title,date,rate,tags\nHeat,1995-12-15,9,crime\n".utf8))
    #expect(try await movies.run(["import", update]).status == 0)
    let listed = try await movies.listed(["--sort", "title"])
    #expect(listed.map { $0["rate"] as? Int } == [8, 9])
    #expect(listed.first?["id"] as? String == id)
    #expect(listed.last?["tags"] as? [String] == ["crime"])
  }

  @Test(arguments: StoreEngine.available) func manyBadRowsAreListedUpToALimitAndCounted(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let rows = (1...25).map { "Movie \($0),not a date\n" }.joined()
    let path = try file(movies, "bad.csv", Array(("title,date\n" + rows).utf8))
    let result = try await movies.run(["import", path, "--skip-invalid"])
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 21)
    let first =
      "movies: warning: skipped line 2, date: 'not a date' is not YYYY-MM-DD or an ISO 8601 date-time "
      + "such as 2024-05-31T20:30:00Z, or no such day or time exists"
    #expect(lines.first.map(String.init) == first)
    #expect(lines.last == "movies: warning: skipped 5 more invalid rows")
    #expect(result.stdout == "Imported 0 movies: 0 added, 0 updated, 25 skipped.\n")
  }

  @Test(arguments: StoreEngine.available) func noProgressIsDrawnWhenStandardErrorIsNotATerminal(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let rows = (1...2_500).map { "Movie \($0),2001-01-01\n" }.joined()
    let path = try file(movies, "many.csv", Array(("title,date\n" + rows).utf8))
    let result = try await movies.run(["import", path])
    #expect(result == .init(status: 0, stdout: "Imported 2500 movies: 2500 added, 0 updated.\n", stderr: ""))
  }

  @Test(arguments: StoreEngine.available) func ctrlCDuringAnImportLeavesTheCatalogAsItWas(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Already here", date: "1990-01-01")
    let running = try RunningMovies(movies, ["import", "-", "--format", "csv"])
    // Three full batches are written inside the import's transaction, then Ctrl-C arrives
    // while the import waits for more input.
    running.write("title,date,tags\n" + (1...3_000).map { "Movie \($0),2001-01-01,new\n" }.joined())
    try await running.waitUntilCatching(SIGINT)
    try await Task.sleep(for: .seconds(1))
    running.signal(SIGINT)
    let result = try await running.finishAfterSignal()
    #expect(result.status == 130)
    #expect(result.stderr == "movies: error: interrupted; the import changed nothing\n")
    #expect(try await titles(movies) == ["Already here"])
    #expect(try await movies.listed(["--tag", "new"]).isEmpty)
  }

  /// A `kill` stops an import as Ctrl-C does: rolled back, and a store the import was creating
  /// is removed, with the status a shell reports for SIGTERM. (SIGHUP is caught the same way,
  /// unless the process started with it ignored, as under `nohup` — which a test runner may be.)
  @Test func aKillDuringAnImportIntoANewStoreLeavesNoStore() async throws {
    let movies = try MoviesProcess()
    let (signal, status) = (SIGTERM, Int32(143))
    let store = movies.folder.appendingPathComponent("new.store")
    let running = try RunningMovies(movies, ["--store", store.path, "import", "-", "--format", "csv"])
    running.write("title,date\n" + (1...3_000).map { "Movie \($0),2001-01-01\n" }.joined())
    // The store exists once the import has begun to catch signals (before it opens the store).
    try await running.waitUntilCatching(signal)
    for _ in 0..<600 where !FileManager.default.fileExists(atPath: store.path) {
      try await Task.sleep(for: .milliseconds(50))
    }
    running.signal(signal)
    let result = try await running.finishAfterSignal()
    #expect(result.status == status)
    #expect(result.stderr == "movies: error: interrupted; the import changed nothing\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).filter {
      $0.hasPrefix("new.store")
    }
    #expect(left.isEmpty, "nothing of the store it was creating: \(left)")
  }

  /// An import of a FIFO that no program has opened for writing yet waits for one; a `kill`
  /// (or Ctrl-C) ends the wait at once, with nothing written and no store created. (Its open had
  /// waited in the kernel, where the signal, caught on another thread, never reached it: the
  /// import ran on, and committed whatever came later.)
  @Test func aSignalEndsTheWaitForAFIFOsWriter() async throws {
    let movies = try MoviesProcess()
    let fifo = movies.folder.appendingPathComponent("later.csv")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    let store = movies.folder.appendingPathComponent("new.store")
    let running = try RunningMovies(movies, ["--store", store.path, "import", fifo.path])
    try await running.waitUntilCatching(SIGTERM)
    running.signal(SIGTERM)
    let result = try await running.finishAfterSignal(seconds: 10)
    #expect(result.status == 143)
    #expect(result.stderr == "movies: error: interrupted; the import changed nothing\n")
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }
}
