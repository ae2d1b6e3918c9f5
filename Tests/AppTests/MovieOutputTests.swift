import Catalog
import Foundation
import Testing

@testable import MoviesCLI

@Suite("Listings written a movie at a time read exactly as written whole")
struct MovieOutputTests {
  static let movies = [
    Movie(
      title: "Alien", content: "In space.\n\"No one\"", date: Date(timeIntervalSince1970: 0), rate: 9, runtime: 117),
    Movie(title: "Heat", date: Date(timeIntervalSince1970: 86_400), heart: 3),
  ]
  static let tags = [movies[0].id: ["classic", "horror"]]

  @Test func jsonElementsJoinedAreTheJSONArray() {
    let elements = Self.movies.map { MovieOutput.jsonElement($0, tags: Self.tags[$0.id] ?? []) }
    #expect("[\n" + elements.joined(separator: ",\n") + "\n]\n" == MovieOutput.json(Self.movies, tags: Self.tags))
  }

  @Test func exportElementsJoinedAreTheExportedArray() {
    let elements = Self.movies.map { ExportCommand.jsonElement($0, tags: Self.tags) }
    #expect(
      "[\n" + elements.joined(separator: ",\n") + "\n]\n"
        == ExportCommand.render(Self.movies, tags: Self.tags, format: .json))
  }

  @Test func tableRowsLaidOutOneByOneAreTheTable() {
    let table = MovieOutput.listTable
    var widths = table.headerWidths
    for movie in Self.movies { table.widen(&widths, for: MovieOutput.tableRow(movie)) }
    let lines =
      [table.line(table.headers, widths: widths)]
      + Self.movies.map {
        table.line(MovieOutput.tableRow($0), widths: widths)
      }
    #expect(lines.joined() == MovieOutput.table(Self.movies))
  }
}
