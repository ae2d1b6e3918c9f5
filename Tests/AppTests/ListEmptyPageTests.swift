import Foundation
import Testing

@Suite("An empty page of movies list says why it is empty")
struct ListEmptyPageTests {
  @Test func aCatalogWithNoMoviesSaysSo() async throws {
    let movies = try MoviesProcess()
    let added = try await movies.add("Heat", date: "1995-12-15")
    #expect(try await movies.run(["delete", added]).status == 0)
    let listed = try await movies.run(["list"])
    #expect(listed.status == 0)
    #expect(listed.stdout == "No movies.\n")
  }

  @Test func aNarrowedListThatMatchesNothingDoesNotClaimTheCatalogIsEmpty() async throws {
    let movies = try MoviesProcess()
    let heat = try await movies.add("Heat", date: "1995-12-15", rate: 8)
    for arguments in [
      ["--min-rate", "9"], ["--max-rate", "1"], ["--from", "2020-01-01"], ["--to", "1900-01-01"], ["--hearted"],
      ["--title-prefix", "Zz"], ["--search", "zz"], ["--tag", "none"], ["--reviewed-with", "zz"],
      ["--offset", "1"], ["--after", heat],
    ] {
      let listed = try await movies.run(["list"] + arguments)
      #expect(listed.status == 0, "\(arguments)")
      #expect(listed.stdout == "No movies match.\n", "\(arguments)")
    }
  }

  @Test func limitZeroShowsAnEmptyTableInEveryFormat() async throws {
    let movies = try MoviesProcess()
    _ = try await movies.add("Heat", date: "1995-12-15", rate: 8)
    let table = try await movies.run(["list", "--limit", "0"])
    #expect(table.status == 0)
    #expect(
      table.stdout.split(separator: "\n").map { $0.split(separator: " ") } == [
        ["ID", "DATE", "RATE", "HEART", "TITLE"]
      ])
    #expect(table.stderr == "")
    let json = try await movies.run(["list", "--limit", "0", "--format", "json"]).stdout
    #expect((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])?.isEmpty == true)
    let csv = try await movies.run(["list", "--limit", "0", "--format", "csv"]).stdout
    #expect(csv.hasPrefix("id,") && csv.hasSuffix("\r\n") && csv.components(separatedBy: "\r\n").count == 2)
  }

  @Test func aPageOfUnreadableMoviesShowsTheHeaderAloneBeforeTheErrorNamingThem() async throws {
    let movies = try MoviesProcess()
    let alien = try await movies.add("Alien", date: "1979-05-25")
    _ = try await movies.add("Heat", date: "1995-12-15")
    try ForeignWriter.damage(movies.defaultStore, "UPDATE movies SET rate = 'abc' WHERE title = 'Alien'")
    for arguments in [["--limit", "1"], ["--to", "1980-01-01"]] {
      let listed = try await movies.run(["list"] + arguments)
      #expect(listed.status == 1, "\(arguments)")
      #expect(listed.stderr.contains(alien), "\(arguments): \(listed.stderr)")
      #expect(
        listed.stdout.split(separator: "\n").map { $0.split(separator: " ") } == [
          ["ID", "DATE", "RATE", "HEART", "TITLE"]
        ], "neither 'No movies.' nor 'No movies match.' while Alien is there: \(arguments)")
    }
  }
}
