import Foundation
import Testing

/// What an import promises: nothing it is given is lost or changed in meaning, and nothing it
/// is not given is touched.
@Suite("movies import keeps what it is not given and refuses what it cannot read exactly")
struct ImportFidelityTests {
  private func file(_ movies: MoviesProcess, _ name: String, _ text: String) throws -> String {
    try file(movies, name, bytes: Array(text.utf8))
  }

  private func file(_ movies: MoviesProcess, _ name: String, bytes: [UInt8]) throws -> String {
    let url = movies.folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// A movie with every field set: rate 9, one heart, 120 minutes, notes and a tag.
  private func fullMovie(_ movies: MoviesProcess) async throws -> String {
    let id = try await movies.add("Alien", date: "1979-05-25", rate: 9, ["--runtime", "120", "--content", "my notes"])
    #expect(try await movies.run(["heart", id]).status == 0)
    #expect(try await movies.run(["tag", "add", id, "classic"]).status == 0)
    return id
  }

  private func stored(_ movies: MoviesProcess, _ id: String) async throws -> [String: Any] {
    try #require(try await movies.listed().first { $0["id"] as? String == id })
  }

  @Test(arguments: StoreEngine.available) func anImportChangesOnlyTheFieldsTheFileHas(engine: StoreEngine) async throws
  {
    let movies = try MoviesProcess(engine)
    let id = try await fullMovie(movies)
    let csv = try file(movies, "partial.csv", "title,date,tags\nAlien,1979-05-25,horror\n")
    #expect(try await movies.run(["import", csv]).stdout == "Imported 1 movie: 0 added, 1 updated.\n")
    var movie = try await stored(movies, id)
    #expect(movie["rate"] as? Int == 9)
    #expect(movie["heart"] as? Int == 1)
    #expect(movie["runtime"] as? Int == 120)
    #expect(movie["content"] as? String == "my notes")
    #expect(movie["tags"] as? [String] == ["horror"], "the tags the file gives are the movie's tags")

    // In JSON a missing key is absent; null clears the running time.
    let jsonl = try file(
      movies,
      "partial.jsonl", #"{"id": "\#(id)", "title": "Alien", "date": "1979-05-25", "runtime": null}"# + "\n")
    #expect(try await movies.run(["import", jsonl]).status == 0)
    movie = try await stored(movies, id)
    #expect(movie["runtime"] == nil)
    #expect(movie["rate"] as? Int == 9)
    #expect(movie["tags"] as? [String] == ["horror"])
  }

  @Test(arguments: StoreEngine.available) func replacingGivesTheFieldsTheFileLacksTheirDefaults(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await fullMovie(movies)
    let csv = try file(movies, "partial.csv", "title,date,rate\nAlien,1979-05-25,7\n")
    #expect(try await movies.run(["import", csv, "--replace"]).stdout == "Imported 1 movie: 0 added, 1 updated.\n")
    let movie = try await stored(movies, id)
    #expect(movie["rate"] as? Int == 7)
    #expect(movie["heart"] as? Int == 0)
    #expect(movie["runtime"] == nil)
    #expect(movie["content"] as? String == "")
    #expect(movie["tags"] as? [String] == [])
  }

  @Test(arguments: StoreEngine.available) func twoRowsForOneMovieAreAnErrorNamingBothLines(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = "11111111-1111-1111-1111-111111111111"
    let other = "22222222-2222-2222-2222-222222222222"
    let csv = try file(
      movies,
      "twice.csv",
      "id,title,date\n\(id),A,2000-01-01\n\(id),B,2000-01-02\n\(other),A,2000-01-01\n,C,2000-01-03\n,C,2000-01-03\n")
    let result = try await movies.run(["import", csv])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        movies: error: line 3, row: line 2 already imports this movie
        movies: error: line 4, row: line 2 already imports this movie
        movies: error: line 6, row: line 5 already imports this movie
        movies: error: 3 invalid rows; nothing was imported

        """)
    #expect(try await movies.storesNoMovie())

    let skipping = try await movies.run(["import", csv, "--skip-invalid"])
    #expect(skipping.stdout == "Imported 2 movies: 2 added, 0 updated, 3 skipped.\n")
    #expect(skipping.stderr.split(separator: "\n").count == 3)
    #expect(try await movies.listed(["--sort", "title"]).map { $0["title"] as? String } == ["A", "C"])
    #expect(try await stored(movies, id)["date"] as? String == "2000-01-01T00:00:00Z", "the first row is the one kept")
  }

  @Test(arguments: StoreEngine.available) func aRowWhoseTitleAndDateBelongToAnotherMovieIsSkippedWithItsLine(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let alien = try await movies.add("Alien", date: "1979-05-25", rate: 9)
    let newID = "33333333-3333-3333-3333-333333333333"
    let csv = try file(movies, "clash.csv", "id,title,date,rate\n,Heat,1995-12-15,7\n\(newID),Alien,1979-05-25,1\n")
    let refused = try await movies.run(["import", csv])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "movies: error: line 3, row: another movie (\(alien)) has this title and date"))
    #expect(try await movies.listed().count == 1, "nothing was written")
    let skipped = try await movies.run(["import", csv, "--skip-invalid"])
    #expect(skipped.stdout == "Imported 1 movie: 1 added, 0 updated, 1 skipped.\n")
    #expect(skipped.stderr.hasPrefix("movies: warning: skipped line 3, row: another movie"))
    #expect(try await stored(movies, alien)["rate"] as? Int == 9)
  }

  @Test(arguments: StoreEngine.available) func invalidDateTimesAreRefusedWhereverDatesAreRead(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    for text in [
      "2023-02-30T00:00:00Z", "2023-01-01T25:00:00Z", "2023-01-01T24:00:00Z", "2023-01-01T23:60:00Z",
      "2023-01-01T23:59:60Z", "2023-01-01T10:00:00+25:00", "2023-01-01T10:00:00+05:60", "2023-01-01T10:00:00",
      "2023-01-01T10:00:00.Z", "2023-1-01", "2023-01-01T10:00:00Zjunk",
    ] {
      let csv = try file(movies, "date.csv", "title,date\nX,\(text)\n")
      let result = try await movies.run(["import", csv])
      #expect(result.status == 1, "\(text)")
      #expect(result.stderr.hasPrefix("movies: error: line 2, date: '\(text)' is not"), "\(text)")
      #expect(try await movies.run(["list", "--from", text]).status == 2, "\(text)")
    }
    #expect(try await movies.storesNoMovie())
  }

  @Test(arguments: StoreEngine.available) func oneCalendarBefore1582InEveryInputFormAndFilter(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    for (day, time) in [
      ("0001-01-01", "0001-01-01T00:00:00Z"), ("1582-10-04", "1582-10-04T00:00:00Z"),
      ("1582-10-15", "1582-10-15T00:00:00Z"), ("9999-12-31", "9999-12-31T00:00:00Z"),
    ] {
      try await movies.add("On \(day)", date: day)
      let byTime = try await movies.listed(["--from", time, "--to", day])
      #expect(byTime.map { $0["title"] as? String } == ["On \(day)"], "\(time)")
      #expect(byTime.first?["date"] as? String == time)
      #expect(
        try await movies.run(["add", "--title", "On \(day)", "--date", time]).status == 1, "the same day, \(time)")
    }
    let stats = try await movies.run(["stats"]).stdout
    #expect(stats.contains("Dates:         0001-01-01 to 9999-12-31"))
  }

  @Test(arguments: StoreEngine.available) func textThatIsNotUTF8IsRefusedWithItsLine(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let latin1: [UInt8] = Array("title,date\nUp,2009-05-29\n\"Caf".utf8) + [0xE9] + Array("\nnoir\",2001-01-01\n".utf8)
    let csv = try file(movies, "latin1.csv", bytes: latin1)
    let result = try await movies.run(["import", csv])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("movies: error: line 3, title: byte 0xE9 is not UTF-8"))
    let piped = try await movies.run(["import", "-", "--format", "csv"], bytes: Data(latin1))
    #expect(piped.stderr == result.stderr, "standard input is read the same way")
    let jsonl = try file(
      movies,
      "latin1.jsonl",
      bytes: Array(#"{"title": "Up", "date": "2009-05-29"}"#.utf8) + [0x0A] + Array(#"{"title": "Caf"#.utf8) + [0xE9]
        + Array(#"", "date": "2001-01-01"}"#.utf8))
    await #expect(
      try movies.run(["import", jsonl]).stderr.hasPrefix(
        "movies: error: line 2, row: not a JSON object: byte 0xE9 is not UTF-8"))
    let json = try file(
      movies,
      "latin1.json",
      bytes: Array("[\n{\"title\": \"Up\", \"date\": \"2009-05-29\"},\n{\"title\":\n\"Caf".utf8) + [0xE9]
        + Array("\", \"date\": \"2001-01-01\"}]".utf8))
    await #expect(
      try movies.run(["import", json]).stderr.hasPrefix(
        "movies: error: line 4, row: not a JSON object: byte 0xE9 is not UTF-8"))
    #expect(try await movies.storesNoMovie())

    await #expect(
      try movies.run(["import", csv, "--encoding", "latin1"]).stdout == "Imported 2 movies: 2 added, 0 updated.\n")
    #expect(try await movies.listed(["--sort", "title"]).map { $0["title"] as? String } == ["Café\nnoir", "Up"])
  }

  @Test(arguments: StoreEngine.available) func aRowWithMoreOrFewerFieldsThanTheHeaderIsAnError(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let csv = try file(
      movies, "fields.csv", "title,date,rate\nUp,2009-05-29,8,extra\nHeat,1995-12-15\nAlien,1979-05-25,9\n")
    let result = try await movies.run(["import", csv])
    #expect(
      result.stderr == """
        movies: error: line 2, row: 4 fields, but the header names 3
        movies: error: line 3, row: 2 fields, but the header names 3
        movies: error: 2 invalid rows; nothing was imported

        """)
    let twice = try file(movies, "twice.csv", "title,date,Title\nUp,2009-05-29,Down\n")
    await #expect(
      try movies.run(["import", twice]).stderr == "movies: error: line 1, header: the field title is named twice\n")
  }

  @Test(arguments: StoreEngine.available) func numbersAreWholeNumbersAsWrittenAndJSONTypesAreKept(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    for (value, reason) in [
      ("9.0", "'9.0' is not a whole number"), ("+9", "'+9' is not a whole number"),
      (" 9", "' 9' is not a whole number"), ("99999999999999999999", "99999999999999999999 is too large"),
      ("", "is empty; give a whole number, or leave the field out"),
    ] {
      let csv = try file(movies, "rate.csv", "title,date,rate\nUp,2009-05-29,\(value)\n")
      #expect(
        try await movies.run(["import", csv]).stderr.hasPrefix("movies: error: line 2, rate: \(reason)"), "\(value)")
    }
    for (object, problem) in [
      (#""rate": true"#, "rate: must be a whole number, not true or false"),
      (#""rate": 9.5"#, "rate: '9.5' is not a whole number"),
      (#""content": 1979"#, "content: must be a string, not a number"),
      (#""tags": ["a", 1]"#, "tags: must be an array of strings, not hold a number"),
      // A string is text in JSON, not a number or a list of tags, as it is in CSV.
      (#""tags": "x""#, "tags: must be an array of strings, not a string"),
      (#""tags": "y|z""#, "tags: must be an array of strings, not a string"),
      (#""rate": "9""#, "rate: must be a whole number, not a string"),
      (#""heart": "1""#, "heart: must be a whole number, not a string"),
      (#""runtime": "90""#, "runtime: must be a whole number, not a string"),
      (#""id": 7"#, "id: must be a string, not a number"),
      (#""rate": 1, "rate": 2"#, "row: not a JSON object: the key \"rate\" appears twice in one object"),
      (#""rate": 1, "Rate": 2"#, "rate: is given twice in one object"),
      (#""content": "\ud800""#, "row: not a JSON object: a lone surrogate escape"),
    ] {
      let jsonl = try file(movies, "row.jsonl", #"{"title": "Up", "date": "2009-05-29", "# + object + "}\n")
      #expect(
        try await movies.run(["import", jsonl]).stderr.hasPrefix("movies: error: line 1, \(problem)"), "\(object)")
    }
    // A byte-order mark starts JSON Lines as it starts CSV and JSON.
    let bom = try file(
      movies, "bom.jsonl", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"title": "Up", "date": "2009-05-29"}"#.utf8))
    #expect(try await movies.run(["import", bom]).status == 0)
  }

  @Test func anEmptyCSVFileIsRefusedAndCreatesNoStore() async throws {
    let movies = try MoviesProcess()
    let empty = try file(movies, "empty.csv", "")
    let result = try await movies.run(["import", empty])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "movies: error: line 1, header: the file is empty; CSV starts with a header naming its fields (title,date,…)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.path))
    // A header alone is a file of no movies.
    #expect(try await movies.run(["import", try file(movies, "header.csv", "title,date\n")]).status == 0)
  }

  @Test(arguments: StoreEngine.available) func tagsWithTheSeparatorAndBackslashesComeBackAsThey(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Up", date: "2009-05-29")
    #expect(try await movies.run(["tag", "add", id, "a|b", "back\\slash", "end\\"]).status == 0)
    let csv = try await movies.run(["export", "--format", "csv"]).stdout
    #expect(csv.contains(#",a\|b|back\\slash|end\\,"#))
    let path = try file(movies, "tags.csv", csv)
    #expect(try await movies.run(["clear", "--yes"]).status == 0)
    #expect(try await movies.run(["import", path]).status == 0)
    #expect(try await movies.listed().first?["tags"] as? [String] == ["a|b", "back\\slash", "end\\"])
    #expect(try await movies.run(["export", "--format", "csv"]).stdout == csv)
  }

  @Test(arguments: StoreEngine.available) func aFieldTheCatalogDoesNotKnowIsAnErrorUnlessIgnored(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let csv = try file(movies, "typo.csv", "title,date,ratng\nUp,2009-05-29,8\n")
    #expect(
      try await movies.run(["import", csv])
        == .init(
          status: 1, stdout: "",
          stderr: "movies: error: line 1, header: an unknown field 'ratng' (--ignore-unknown imports the rest)\n"))
    let jsonl = try file(
      movies, "typo.jsonl", #"{"title": "Up", "date": "2009-05-29", "ratng": 8, "mood": "x"}"# + "\n")
    #expect(
      try await movies.run(["import", jsonl]).stderr.hasPrefix(
        "movies: error: line 1, row: unknown fields 'ratng', 'mood' (--ignore-unknown imports the rest)"))
    #expect(try await movies.storesNoMovie())
    #expect(
      try await movies.run(["import", jsonl, "--ignore-unknown"]).stdout == "Imported 1 movie: 1 added, 0 updated.\n")
  }
}
