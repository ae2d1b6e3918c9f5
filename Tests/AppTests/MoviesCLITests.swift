import Foundation
import Testing

@Suite("The movies command line, run as a user would")
struct MoviesCLITests {
  @Test func helpListsEveryCommandAndExitsZero() async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["--help"])
    #expect(result.status == 0)
    for command in [
      "add", "list", "show", "update", "rate", "heart", "delete", "clear", "stats", "import", "export", "demo",
    ] {
      #expect(result.stdout.contains("  \(command) "))
    }
    #expect(result.stderr.isEmpty)
  }

  @Test func everyCommandHasHelp() async throws {
    let movies = try MoviesProcess()
    for command in [
      "add", "list", "show", "update", "rate", "heart", "delete", "clear", "stats", "import", "export", "demo",
    ] {
      let result = try await movies.run([command, "--help"])
      #expect(result.status == 0)
      #expect(result.stdout.contains("USAGE: movies \(command)"))
    }
  }

  @Test func versionPrintsTheVersion() async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["--version"])
    #expect(result == .init(status: 0, stdout: "movies 0.1.0\n", stderr: ""))
  }

  @Test(arguments: StoreEngine.available) func addedMovieIsListedAsJSONWithStableFields(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Heat", date: "1995-12-15", rate: 8, ["--content", "L.A. crime"])
    let listed = try await movies.listed()
    #expect(listed.count == 1)
    let record = try #require(listed.first)
    #expect(record["id"] as? String == id)
    #expect(record["title"] as? String == "Heat")
    #expect(record["content"] as? String == "L.A. crime")
    #expect(record["date"] as? String == "1995-12-15T00:00:00Z")
    #expect(record["rate"] as? Int == 8)
    #expect(record["heart"] as? Int == 0)
    #expect(record["imageCount"] as? Int == 0)
    #expect(record["tags"] as? [String] == [])
    #expect(engine == .postgres || FileManager.default.fileExists(atPath: movies.defaultStore.path))
  }

  @Test(arguments: StoreEngine.available) func listFiltersSortsAndPages(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien", date: "1979-05-25", rate: 9)
    try await movies.add("Brazil", date: "1985-02-20", rate: 7)
    try await movies.add("Up", date: "2009-05-29", rate: 8)
    #expect(try await movies.listed(["--min-rate", "8"]).map { $0["title"] as? String } == ["Alien", "Up"])
    await #expect(
      try movies.listed(["--sort", "rate", "--desc"]).map { $0["title"] as? String } == ["Alien", "Up", "Brazil"])
    await #expect(
      try movies.listed(["--sort", "title", "--limit", "1", "--offset", "1"]).map { $0["title"] as? String } == [
        "Brazil"
      ])
    #expect(try await movies.listed(["--search", "li"]).map { $0["title"] as? String } == ["Alien"])
  }

  @Test(arguments: StoreEngine.available) func listFiltersByDatesRatesHeartsAndPrefix(engine: StoreEngine) async throws
  {
    let movies = try MoviesProcess(engine)
    let alien = try await movies.add("Alien", date: "1979-05-25", rate: 9)
    try await movies.add("Aliens", date: "1986-07-18", rate: 8)
    try await movies.add("Brazil", date: "1985-02-20", rate: 7)
    _ = try await movies.run(["heart", alien])
    await #expect(
      try movies.listed(["--from", "1980-01-01", "--to", "1986-07-18"]).map { $0["title"] as? String } == [
        "Brazil", "Aliens",
      ])
    #expect(
      try await movies.listed(["--max-rate", "8", "--min-rate", "8"]).map { $0["title"] as? String } == ["Aliens"])
    #expect(try await movies.listed(["--hearted"]).map { $0["title"] as? String } == ["Alien"])
    await #expect(
      try movies.listed(["--title-prefix", "Alien", "--sort", "rate"]).map { $0["title"] as? String } == [
        "Aliens", "Alien",
      ])
    await #expect(
      try movies.listed(["--sort", "rate:desc,title"]).map { $0["title"] as? String } == ["Alien", "Aliens", "Brazil"])
    let badSort = try await movies.run(["list", "--sort", "year"])
    #expect(badSort.status == 2)
    #expect(badSort.stderr.hasPrefix("movies: error: --sort expects KEY or KEY:desc"))
  }

  @Test(arguments: StoreEngine.available) func statsDrawsHistogramsOfRatesAndYears(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien", date: "1979-05-25", rate: 9)
    try await movies.add("Aliens", date: "1986-07-18", rate: 9)
    try await movies.add("Brazil", date: "1985-02-20", rate: 4)
    let result = try await movies.run(["stats"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "Movies:        3\nHearted:       0\nAverage rate:  7.3\nDates:         1979-05-25 to 1986-07-18\n"))
    #expect(result.stdout.contains("   9 \(String(repeating: "█", count: 40)) 2\n"))
    #expect(result.stdout.contains("   4 \(String(repeating: "█", count: 20)) 1\n"))
    #expect(result.stdout.contains("  1985 \(String(repeating: "█", count: 40)) 1\n"))
    let json = try await movies.run(["stats", "--format", "json"])
    let record = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(record["count"] as? Int == 3)
    #expect((record["moviesPerRate"] as? [String: Int])?["9"] == 2)
  }

  @Test(arguments: StoreEngine.available) func aSecondMovieWithTheSameTitleAndDateIsRefused(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien", date: "1979-05-25")
    let duplicate = try await movies.run(["add", "--title", "Alien", "--date", "1979-05-25"])
    #expect(
      duplicate
        == .init(
          status: 1, stdout: "", stderr: "movies: error: a movie titled \"Alien\" dated 1979-05-25 already exists\n"))
    #expect(try await movies.listed().count == 1)
  }

  @Test(arguments: StoreEngine.available) func reviewsAreAddedListedDeletedAndGoWithTheirMovie(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Alien", date: "1979-05-25")
    let added = try await movies.run(["review", "add", id, "--text", "Scary.", "--author", "Ann", "--rate", "9"])
    #expect(added.status == 0)
    let reviewID = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let listed = try await movies.run(["review", "list", id, "--format", "json"])
    let records = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(records.map { $0["id"] as? String } == [reviewID])
    #expect(records.first?["rate"] as? Int == 9)
    #expect(try await movies.run(["show", id]).stdout.contains("Scary."))
    let missing = try await movies.run(["review", "add", "00000000-0000-0000-0000-000000000000", "--text", "x"])
    #expect(missing.status == 1)
    await #expect(
      try movies.run(["review", "delete", reviewID]) == .init(status: 0, stdout: "Deleted 1 review.\n", stderr: ""))
    _ = try await movies.run(["review", "add", id, "--text", "Again."])
    _ = try await movies.run(["delete", id])
    let gone = try await movies.run(["review", "list", id])
    #expect(gone.status == 1, "the movie and its reviews are gone")
  }

  @Test(arguments: StoreEngine.available) func reviewsListAsCSVExactlyToAPipe(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Alien", date: "1979-05-25")
    let text = "Tense, \u{1B}[31m\"red\"\nend"
    let added = try await movies.run(["review", "add", id, "--text", text, "--date", "2024-05-31T20:30:00.5Z"])
    let reviewID = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let listed = try await movies.run(["review", "list", id, "--format", "csv"])
    #expect(
      listed
        == .init(
          status: 0,
          stdout: "id,date,rate,author,text,movieID\r\n"
            + "\(reviewID),2024-05-31T20:30:00.5Z,,,\"Tense, \u{1B}[31m\"\"red\"\"\nend\",\(id)\r\n",
          stderr: ""))
  }

  @Test(arguments: StoreEngine.available) func tagsAreAddedRemovedAndFilterTheList(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let alien = try await movies.add("Alien", date: "1979-05-25")
    let heat = try await movies.add("Heat", date: "1995-12-15")
    #expect(try await movies.run(["tag", "add", alien, "horror", "sci-fi"]).stdout == "Tags: horror, sci-fi\n")
    _ = try await movies.run(["tag", "add", heat, "crime"])
    #expect(try await movies.listed(["--tag", "horror"]).map { $0["title"] as? String } == ["Alien"])
    #expect(try await movies.listed(["--tag", "crime"]).first?["tags"] as? [String] == ["crime"])
    #expect(try await movies.run(["tag", "remove", alien, "horror"]).stdout == "Tags: sci-fi\n")
    #expect(try await movies.listed(["--tag", "horror"]).isEmpty)
    _ = try await movies.run(["review", "add", heat, "--text", "The diner scene!"])
    #expect(try await movies.listed(["--reviewed-with", "diner"]).map { $0["title"] as? String } == ["Heat"])
    #expect(try await movies.listed(["--reviewed-with", "diner", "--tag", "sci-fi"]).isEmpty)
    #expect(try await movies.run(["show", alien]).stdout.contains("tags:    sci-fi"))
  }

  @Test(arguments: StoreEngine.available) func importValidatesEveryRowAndImportsNothingOnError(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let file = movies.folder.appendingPathComponent("catalog.csv")
    try "title,date,rate,mood\nAlien,1979-05-25,9,x\nHeat,1995-12-15,11,y\n,2001-01-01,3,z\n".write(
      to: file, atomically: true, encoding: .utf8)
    let refused = try await movies.run(["import", file.path, "--ignore-unknown"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr == """
        movies: warning: ignoring unknown fields: mood
        movies: error: line 3, rate: the rate must be between 0 and 10, not 11
        movies: error: line 4, title: is required
        movies: error: 2 invalid rows; nothing was imported

        """)
    #expect(try await movies.storesNoMovie())
    let skipped = try await movies.run(["import", file.path, "--skip-invalid", "--ignore-unknown"])
    #expect(skipped.stdout == "Imported 1 movie: 1 added, 0 updated, 2 skipped.\n")
    _ = try await movies.run(["import", file.path, "--skip-invalid"])
    #expect(try await movies.listed().map { $0["title"] as? String } == ["Alien"], "importing twice adds nothing")
  }

  @Test(arguments: StoreEngine.available) func exportImportExportGivesTheSameFileInEveryFormat(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let alien = try await movies.add(
      "Alien, the \"film\"", date: "1979-05-25", rate: 9, ["--content", "Line one\nline two"])
    try await movies.add("Heat", date: "1995-12-15")
    _ = try await movies.run(["tag", "add", alien, "horror", "sci-fi"])
    for format in ["csv", "json", "jsonl"] {
      let first = movies.folder.appendingPathComponent("first.\(format)")
      let second = movies.folder.appendingPathComponent("second.\(format)")
      let empty = ["MOVIES_STORE": try movies.makeStore(named: "empty-\(format)")]
      #expect(try await movies.run(["export", "--output", first.path]).status == 0)
      await #expect(
        try movies.run(["import", first.path], environment: empty).stdout == "Imported 2 movies: 2 added, 0 updated.\n")
      #expect(try await movies.run(["export", "--output", second.path], environment: empty).status == 0)
      #expect(try Data(contentsOf: first) == Data(contentsOf: second), "\(format) round trip")
    }
  }

  @Test(arguments: StoreEngine.available) func importReadsStandardInputAsJSONLines(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let lines = #"{"title":"Up","date":"2009-05-29","tags":["pixar"]}"# + "\n" + #"{"title":"Ran","date":"1985-06-01"}"#
    let result = try await movies.run(["import", "-", "--format", "jsonl"], input: lines)
    #expect(result == .init(status: 0, stdout: "Imported 2 movies: 2 added, 0 updated.\n", stderr: ""))
    #expect(try await movies.listed(["--tag", "pixar"]).map { $0["title"] as? String } == ["Up"])
  }

  @Test(arguments: StoreEngine.available) func tableOutputIsAligned(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Amélie", date: "2001-04-25", rate: 7)
    let result = try await movies.run(["list"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        ID                                    DATE        RATE  HEART  TITLE
        \(id)  2001-04-25     7      0  Amélie

        """)
  }

  @Test(arguments: StoreEngine.available) func badUsageIsOneLineExitTwoAndChangesNothing(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien")
    let unknown = try await movies.run(["list", "--min-rat", "3"])
    #expect(
      unknown
        == .init(
          status: 2, stdout: "",
          stderr: "movies: error: unknown option '--min-rat'; did you mean '--min-rate'? (see 'movies list --help')\n")
    )
    let badRate = try await movies.run(["add", "--title", "Heat", "--rate", "11"])
    #expect(
      badRate == .init(status: 2, stdout: "", stderr: "movies: error: the rate must be between 0 and 10, not 11\n"))
    let badDate = try await movies.run(["add", "--title", "Heat", "--date", "yesterday"])
    #expect(badDate.status == 2)
    #expect(badDate.stderr.hasPrefix("movies: error: --date expects a date"))
    let emptyTitle = try await movies.run(["add", "--title", "   "])
    #expect(emptyTitle == .init(status: 2, stdout: "", stderr: "movies: error: the title must not be empty\n"))
    #expect(try await movies.listed().count == 1)
  }

  @Test(arguments: StoreEngine.available) func showUpdateRateAndHeartChangeOneMovie(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Heat", rate: 5)
    #expect(try await movies.run(["rate", id, "9"]) == .init(status: 0, stdout: "Heat: rated 9\n", stderr: ""))
    #expect(try await movies.run(["heart", id]).stdout == "Heat: 1 ♥\n")
    let updated = try await movies.run(["update", id, "--title", "Heat (1995)", "--content", "Pacino and De Niro"])
    #expect(updated.status == 0)
    let shown = try await movies.run(["show", id, "--format", "json"])
    let record = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    #expect(record["title"] as? String == "Heat (1995)")
    #expect(record["content"] as? String == "Pacino and De Niro")
    #expect(record["rate"] as? Int == 9)
    #expect(record["heart"] as? Int == 1)
  }

  @Test(arguments: StoreEngine.available) func unknownIdIsAFailedOperation(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Heat")
    let missing = "00000000-0000-0000-0000-000000000000"
    await #expect(
      try movies.run(["show", missing])
        == .init(status: 1, stdout: "", stderr: "movies: error: no movie has the id \(missing)\n"))
    #expect(try await movies.run(["rate", missing, "3"]).status == 1)
    #expect(try await movies.run(["heart", missing]).status == 1)
    let notAnId = try await movies.run(["show", "42"])
    #expect(
      notAnId
        == .init(
          status: 2, stdout: "",
          stderr: "movies: error: <id> expects a movie id (a UUID), got '42' (see 'movies show --help')\n"))
  }

  @Test(arguments: StoreEngine.available) func deleteIsAllOrNothing(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let alien = try await movies.add("Alien")
    let heat = try await movies.add("Heat")
    let missing = "00000000-0000-0000-0000-000000000000"
    let failed = try await movies.run(["delete", alien, missing])
    #expect(failed.status == 1)
    #expect(try await movies.listed().count == 2)
    let deleted = try await movies.run(["delete", alien, heat])
    #expect(deleted == .init(status: 0, stdout: "Deleted 2 movies.\n", stderr: ""))
    #expect(try await movies.storesNoMovie())
  }

  @Test(arguments: StoreEngine.available) func clearNeedsConfirmationWithoutATerminal(engine: StoreEngine) async throws
  {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien")
    let refused = try await movies.run(["clear"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("--yes"))
    #expect(try await movies.listed().count == 1)
    #expect(try await movies.run(["clear", "--yes"]) == .init(status: 0, stdout: "Deleted 1 movie.\n", stderr: ""))
    #expect(try await movies.storesNoMovie())
  }

  @Test func storeOptionAndEnvironmentChooseTheStore() async throws {
    let movies = try MoviesProcess()
    let fromEnvironment = movies.folder.appendingPathComponent("env.store").path
    let fromOption = movies.folder.appendingPathComponent("option.store").path
    _ = try await movies.run(["add", "--title", "In env"], environment: ["MOVIES_STORE": fromEnvironment])
    _ = try await movies.run(
      ["--store", fromOption, "add", "--title", "In option"], environment: ["MOVIES_STORE": fromEnvironment])
    await #expect(
      try movies.listed(environment: ["MOVIES_STORE": fromEnvironment]).map { $0["title"] as? String } == ["In env"])
    #expect(try await movies.listed(["--store", fromOption]).map { $0["title"] as? String } == ["In option"])
    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.path))
  }

  @Test(arguments: StoreEngine.available) func imagesAreAttachedAndAMissingImageChangesNothing(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let image = movies.folder.appendingPathComponent("poster.png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]).write(to: image)
    try await movies.add("Alien", ["--image", image.path, "--image", image.path])
    #expect(try await movies.listed().first?["imageCount"] as? Int == 2)
    let missing = try await movies.run(["add", "--title", "Heat", "--image", "/nonexistent/poster.png"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr == "movies: error: cannot read '/nonexistent/poster.png': it does not exist or cannot be read\n")
    #expect(try await movies.listed().count == 1)
  }

  @Test func aCorruptStoreIsAnErrorAndStaysUntouched() async throws {
    let movies = try MoviesProcess()
    let store = movies.folder.appendingPathComponent("corrupt.store")
    let garbage = Data((0..<4096).map { UInt8($0 % 251) })
    try garbage.write(to: store)
    let result = try await movies.run(["--store", store.path, "list"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("movies: error: cannot open the store at \(store.path)"))
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try Data(contentsOf: store) == garbage)
  }

  @Test func demoUsesItsOwnStore() async throws {
    let movies = try MoviesProcess()
    try await movies.add("Mine")
    let result = try await movies.run(["demo"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Seven Samurai"))
    #expect(try await movies.listed().map { $0["title"] as? String } == ["Mine"])
    let again = try await movies.run(["demo"])
    #expect(again.status == 0)
    #expect(
      again.stdout.components(separatedBy: "Seven Samurai").count == 3, "the demo store is refilled, not appended to")
  }
}
