import Foundation
import Testing

@Suite("movies history and movies watch, run as a user would")
struct HistoryCommandTests {
  @Test(arguments: StoreEngine.available) func historyAndShowPrintDatesToTheMillisecondAndJSONKeepsThemExact(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Alien", date: "2026-01-01T10:00:00.123456789Z")
    let shown = try await movies.run(["show", id])
    #expect(shown.stdout.contains("date:    2026-01-01T10:00:00.123Z\n"), "\(shown.stdout)")
    let whole = try await movies.add("Heat", date: "1995-12-15T20:30:00Z")
    #expect(try await movies.run(["show", whole]).stdout.contains("date:    1995-12-15T20:30:00Z\n"))
    let json = try await movies.run(["show", id, "--format", "json"])
    #expect(json.stdout.contains("\"date\" : \"2026-01-01T10:00:00.1234568Z\""), "JSON stays exact: \(json.stdout)")

    _ = try await movies.history(count: 2)
    let table = try await movies.run(["history"]).stdout.split(separator: "\n").dropFirst()
    #expect(table.count == 2)
    for row in table {
      let committed = try #require(row.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first)
      // Seconds, or milliseconds: never the noise of a Double's last digits.
      #expect(committed.count == 20 || committed.count == 24, "\(committed)")
      #expect(
        try Regex("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{3})?Z$").wholeMatch(in: String(committed)) != nil)
    }
  }

  @Test(arguments: StoreEngine.available) func everyCommittedChangeIsListedWithItsAuthor(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let alien = try await movies.add("Alien", date: "1979-05-25")
    _ = try await movies.run(["rate", alien, "9"])
    _ = try await movies.run(["import", "-", "--format", "csv"], input: "title,date,tags\nHeat,1995-12-15,crime\n")
    _ = try await movies.run(["add", "--title", "Alien", "--date", "1979-05-25"])  // a duplicate: nothing committed
    _ = try await movies.run(["delete", alien])
    let all = try await movies.history(count: 4)
    #expect(all.map { $0["author"] as? String } == ["movies", "movies", "movies import", "movies"])
    let kinds = all.map { ($0["changes"] as? [[String: Any]] ?? []).map { "\($0["model"]!) \($0["kind"]!)" } }
    #expect(
      kinds == [
        ["Movie insert"], ["Movie update"], ["Movie insert", "MovieTag insert", "Tagging insert"], ["Movie delete"],
      ])
    let tokens = all.compactMap { $0["token"] as? Int }
    await #expect(
      try movies.history(["--since", "\(tokens[1])"], count: 0).compactMap { $0["token"] as? Int }
        == Array(tokens.dropFirst(2)))
    #expect(try await movies.history(["--author", "movies import"], count: 0).count == 1)
    let changes = all.map { $0["changes"] as? [[String: Any]] ?? [] }
    #expect(changes[1].first?["updatedAttributes"] as? [String] == ["rate"], "rate changed the rate alone")
    #expect(
      changes[3].first?["preserved"] as? [String: String] == ["title": "Alien"], "a deleted movie keeps its title")
    #expect(changes[0].first?["updatedAttributes"] as? [String] == [])

    let csv = try await movies.run(["history", "--format", "csv"])
    #expect(csv.status == 0, "\(csv.stderr)")
    // RFC 4180 ends each record with CRLF.
    let lines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.first == "token,committed,author,kind,model,id,updated,preserved")
    #expect(lines.count == 7, "a row per change: \(csv.stdout)")
    #expect(lines[2].hasSuffix(",movies,update,Movie,\(alien.lowercased()),rate,"), "\(lines[2])")
    #expect(lines[6].hasSuffix(",movies,delete,Movie,\(alien.lowercased()),,title=Alien"), "\(lines[6])")
    let table = try await movies.run(["history"]).stdout
    #expect(table.contains("movies import  insert  MovieTag"), "\(table)")
    #expect(table.contains("title=Alien"))
  }

  @Test(.timeLimit(.minutes(5)), arguments: StoreEngine.available)
  func watchListsAgainWhenAnotherProcessChangesTheCatalog(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien", date: "1979-05-25")
    let watching = try RunningMovies(movies, ["watch", "--format", "json", "--updates", "2"])
    // After the first listing, which a fixed pause could come before on a busy machine.
    try await watching.waitForOutput()
    // Two changes: on PostgreSQL the watch may also list again for Alien's own commit, which a
    // transaction running elsewhere on the server kept below the position it started from (it
    // reads again rather than miss one); either way Heat is in its last list.
    try await movies.add("Heat", date: "1995-12-15")
    try await movies.add("Ran", date: "1985-06-01")
    let result = try await watching.finish()
    #expect(result.status == 0, "\(result.stderr)")
    // Three JSON arrays: the list before the changes, and after each of two.
    let lists = result.stdout.components(separatedBy: "]\n[")
    #expect(lists.count == 3)
    #expect(result.stdout.hasSuffix("]\n"))
    #expect(lists.last?.contains("\"Heat\"") == true, "\(result.stdout)")
  }
}
