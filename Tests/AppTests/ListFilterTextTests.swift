import Foundation
import Testing

@Suite("The text filters of movies list refuse text that says nothing to look for")
struct ListFilterTextTests {
  static let filters = ["--search", "--title-prefix", "--tag", "--reviewed-with"]

  @Test(arguments: filters, ["", " ", "\t\n"])
  func anEmptyOrBlankFilterIsAUsageErrorBeforeAnyStoreIsOpened(option: String, text: String) async throws {
    let movies = try MoviesProcess()
    for command in ["list", "watch"] {
      let result = try await movies.run([command, option, text])
      let shown = text.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
      #expect(
        result
          == .init(
            status: 2, stdout: "",
            stderr: "movies: error: \(option) expects text to look for (not empty or only white space), "
              + "got '\(shown)' (see 'movies \(command) --help')\n"))
    }
    // Refused on the command line: no store was opened, so none was looked for or made.
    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.path))
  }

  @Test(arguments: ["", " "])
  func historyRefusesAnEmptyOrBlankAuthor(text: String) async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["history", "--author", text])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "movies: error: --author expects text to look for (not empty or only white space), got '\(text)' "
        + "(see 'movies history --help')\n")
    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.path))
  }

  @Test(arguments: ["", ",", "rate,,title", "rate:", ":desc"])
  func anEmptySortKeyIsAUsageError(keys: String) async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["list", "--sort", keys])
    #expect(result.status == 2, "\(keys): \(result.stderr)")
    #expect(result.stderr.contains("--sort expects KEY or KEY:desc with KEY one of date, rate, title, heart"))
  }

  @Test func anEmptySearchNoLongerListsEveryMovie() async throws {
    let movies = try MoviesProcess()
    try await movies.add("Alien")
    #expect(try await movies.run(["list", "--search", ""]).status == 2)
    // Text with white space around a word still looks for it as given.
    #expect(try await movies.listed(["--search", "lien"]).map { $0["title"] as? String } == ["Alien"])
    #expect(try await movies.listed(["--search", " Alien"]).isEmpty)
  }
}
