import Foundation
import Testing

@Suite("Movies another program damaged are named, and every other movie is still listed")
struct DamagedRowTests {
  let movies: MoviesProcess
  var store: URL { movies.defaultStore }

  init() throws { movies = try MoviesProcess() }

  /// Adds Alien (sound) and three movies, then damages those three as another program could:
  /// text in an integer, a date that is not a number, a NULL in a non-optional field.
  private func catalogWithDamagedRows() async throws -> (sound: String, damaged: [String]) {
    let sound = try await movies.add("Alien", date: "1979-05-25", rate: 9)
    var damaged: [String] = []
    for title in ["Bad", "Cad", "Dad"] { damaged.append(try await movies.add(title, date: "1980-01-01")) }
    try ForeignWriter.damage(
      store,
      """
      UPDATE movies SET rate = 'abc' WHERE title = 'Bad';
      UPDATE movies SET date = 'not a number' WHERE title = 'Cad';
      UPDATE movies SET heart = NULL WHERE title = 'Dad';
      """)
    return (sound, damaged)
  }

  private func expectNamesEveryDamagedRow(_ result: MoviesProcess.Result, _ damaged: [String]) {
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("movies: error: 3 movies cannot be read and are left out"), "\(result.stderr)")
    for id in damaged { #expect(result.stderr.contains(id), "\(result.stderr)") }
    #expect(result.stderr.contains("movies.rate holds text, not an integer"))
  }

  @Test func listShowsEverySoundMovieThenFailsNamingTheDamagedOnes() async throws {
    let (sound, damaged) = try await catalogWithDamagedRows()
    let table = try await movies.run(["list"])
    expectNamesEveryDamagedRow(table, damaged)
    #expect(table.stdout.contains(sound) && table.stdout.contains("Alien"))
    #expect(table.stdout.split(separator: "\n").count == 2, "the header and Alien: \(table.stdout)")

    let json = try await movies.run(["list", "--format", "json"])
    expectNamesEveryDamagedRow(json, damaged)
    let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(records.map { $0["id"] as? String } == [sound], "a complete document of the sound movies")
  }

  @Test func exportWritesEverySoundMovieThenFailsAndAFileIsLeftAsItWas() async throws {
    let (sound, damaged) = try await catalogWithDamagedRows()
    for format in ["csv", "json", "jsonl"] {
      let exported = try await movies.run(["export", "--format", format])
      expectNamesEveryDamagedRow(exported, damaged)
      #expect(exported.stdout.contains(sound), "\(format)")
      #expect(!damaged.contains { exported.stdout.contains($0) }, "\(format)")
    }
    let array = try await movies.run(["export", "--format", "json"])
    #expect((try JSONSerialization.jsonObject(with: Data(array.stdout.utf8)) as? [Any])?.count == 1)

    let file = movies.folder.appendingPathComponent("catalog.csv")
    try Data("kept\n".utf8).write(to: file)
    expectNamesEveryDamagedRow(try await movies.run(["export", "--output", file.path]), damaged)
    #expect(try Data(contentsOf: file) == Data("kept\n".utf8), "a failed export leaves the file as it was")
  }

  @Test func statsShowTheFiguresOfTheReadableValuesThenNameTheDamagedMovies() async throws {
    let (_, damaged) = try await catalogWithDamagedRows()
    let stats = try await movies.run(["stats"])
    #expect(stats.status == 1)
    #expect(stats.stdout.contains("Movies:") && stats.stdout.contains("1979"), "\(stats.stdout)")
    for id in damaged { #expect(stats.stderr.contains(id), "\(stats.stderr)") }
  }

  @Test func storeCheckNamesEachDamagedRowAndItsFieldAndDeletingThemHeals() async throws {
    let (_, damaged) = try await catalogWithDamagedRows()
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: 1 row of Movie: rate cannot be read as integer (\(damaged[0]))"))
    #expect(check.stdout.contains("problem: 1 row of Movie: date cannot be read as date (\(damaged[1]))"))
    #expect(check.stdout.contains("problem: 1 row of Movie: heart cannot be read as integer (\(damaged[2]))"))
    #expect(try await movies.run(["delete"] + damaged).status == 0, "a damaged movie can be deleted by id")
    #expect(try await movies.run(["list"]).status == 0)
    #expect(try await movies.run(["store", "check"]).status == 0)
  }

  @Test func datesPastAnyCalendarStopNoCommandAndStoreCheckNamesThem() async throws {
    let far = try await movies.add("Far", date: "2001-01-01")
    let past = try await movies.add("Past", date: "2001-01-02")
    // A REAL column holds them, STRICT or not: an infinity and -1e300 seconds.
    try ForeignWriter.execute(
      store, "UPDATE movies SET date = 9e999 WHERE title = 'Far'; UPDATE movies SET date = -1e300 WHERE title = 'Past'")
    for arguments in [["list"], ["list", "--format", "json"], ["show", far], ["stats"], ["export"], ["history"]] {
      let result = try await movies.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let exported = try await movies.run(["export"]).stdout
    #expect(exported.contains("+2737908976-12-27T00:00:00Z") && exported.contains("-2737905037-01-05T00:00:00Z"))
    let check = try await movies.run(["store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: movie \(far): the date must fall in the years -999999 to 999999"))
    #expect(check.stdout.contains("problem: movie \(past): the date must fall in the years -999999 to 999999"))
    // Exported, such a date is refused on import rather than taken for another.
    let csv = movies.folder.appendingPathComponent("far.csv")
    try Data(exported.utf8).write(to: csv)
    #expect(try await movies.run(["import", csv.path, "--replace"]).status == 1)
  }
}
