import Foundation
import Testing

@Suite("movies list --format csv writes export's columns for the movies listed")
struct ListFormatTests {
  @Test(arguments: StoreEngine.available) func aFilteredListInCSVIsTheExportOfThoseMoviesAndImportsBack(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let kept = try await movies.add("Heat, \"the\" film", date: "1995-12-15", rate: 8)
    _ = try await movies.add("Up", date: "2009-05-29", rate: 7)
    let alien = try await movies.add("Alien", date: "1979-05-25", rate: 9)
    for id in [kept, alien] { #expect(try await movies.run(["tag", "add", id, "crime", "noir"]).status == 0) }
    let listed = try await movies.run([
      "list", "--format", "csv", "--tag", "crime", "--sort", "date:desc", "--limit", "1",
    ])
    #expect(listed.status == 0)
    let export = try await movies.run(["export", "--format", "csv"]).stdout.components(separatedBy: "\r\n")
    let lines = listed.stdout.components(separatedBy: "\r\n")
    // The header and the one movie's line, as export writes them (RFC 4180: CRLF), then the
    // final line break.
    #expect(lines.count == 3)
    #expect(lines.first == export.first)
    #expect(lines.dropFirst().first.map { export.contains($0) } == true)
    #expect(lines.dropFirst().first?.hasPrefix(kept) == true)
    #expect(listed.stderr == "movies: next page: add --after \(kept) to these options\n")

    // The list imports into another catalog as it was.
    let other = try MoviesProcess(engine)
    #expect(try await other.run(["import", "-", "--format", "csv"], input: listed.stdout).status == 0)
    #expect(try await other.run(["export", "--format", "csv"]).stdout == listed.stdout)
    // No movie: the header alone, for a script.
    #expect(try await movies.run(["list", "--format", "csv", "--tag", "none"]).stdout == lines[0] + "\r\n")
  }
}
