import Foundation
import Testing

@Suite("movies list --after pages by position, as a user would")
struct ListPagingCommandTests {
  /// Adds seven movies whose rates tie, so the pages' edges fall between movies of one rate.
  private func addMovies(_ movies: MoviesProcess) async throws {
    for (index, rate) in [7, 9, 7, 8, 7, 9, 8].enumerated() {
      try await movies.add("Movie \(index)", date: "200\(index)-01-01", rate: rate)
    }
  }

  @Test(arguments: StoreEngine.available) func pagesAfterTheLastIdShownListEveryMovieOnceInTheListsOrder(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    try await addMovies(movies)
    let order = ["--sort", "rate:desc,date"]
    let whole = try await movies.listed(order).compactMap { $0["id"] as? String }
    var walked: [String] = []
    var after: [String] = []
    while walked.count <= whole.count {
      let result = try await movies.run(["list", "--format", "json", "--limit", "3"] + order + after)
      #expect(result.status == 0)
      let page = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
      walked += page.compactMap { $0["id"] as? String }
      guard let last = page.last?["id"] as? String, page.count == 3 else { break }
      // A full page says how to ask for the next one.
      let hint =
        after.isEmpty ? "add --after \(last) to these options" : "use --after \(last) in place of --after \(after[1])"
      #expect(result.stderr == "movies: next page: \(hint)\n")
      after = ["--after", last]
    }
    #expect(walked == whole)
    #expect(whole.count == 7)
  }

  @Test(arguments: StoreEngine.available) func theTableAndAnOffsetWorkWithAfter(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await addMovies(movies)
    let titles = try await movies.listed(["--sort", "title"]).compactMap { $0["title"] as? String }
    let ids = try await movies.listed(["--sort", "title"]).compactMap { $0["id"] as? String }
    let table = try await movies.run(["list", "--sort", "title", "--after", ids[1], "--offset", "1", "--limit", "2"])
    #expect(table.status == 0)
    let rows = table.stdout.split(separator: "\n").dropFirst()
    #expect(rows.map { $0.hasSuffix(titles[3]) || $0.hasSuffix(titles[4]) } == [true, true])
    #expect(table.stderr == "movies: next page: use --after \(ids[4]) in place of --after \(ids[1]) --offset 1\n")
    // Following it gives the page after, skipping nothing.
    let next = try await movies.run(["list", "--sort", "title", "--after", ids[4], "--limit", "2"])
    #expect(next.stdout.split(separator: "\n").dropFirst().map { $0.hasSuffix(titles[5]) } == [true, false])
    // An offset alone is replaced too.
    let byOffset = try await movies.run(["list", "--sort", "title", "--offset", "1", "--limit", "1"])
    #expect(byOffset.stderr == "movies: next page: use --after \(ids[1]) in place of --offset 1\n")
    // The last page, not full, names no next page.
    let last = try await movies.run(["list", "--sort", "title", "--after", ids[5], "--limit", "2"])
    #expect(last.stderr.isEmpty)
    #expect(last.stdout.split(separator: "\n").count == 2)
  }

  @Test(arguments: StoreEngine.available) func anUnknownOrMalformedIdIsAClearError(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await addMovies(movies)
    let unknown = try await movies.run(["list", "--after", "00000000-0000-0000-0000-000000000000"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "movies: error: no movie has the id 00000000-0000-0000-0000-000000000000\n")
    #expect(unknown.stdout.isEmpty)
    let malformed = try await movies.run(["list", "--after", "seven"])
    #expect(malformed.status == 2)
    #expect(malformed.stderr.hasPrefix("movies: error: --after expects a movie id"))
  }

  @Test(arguments: StoreEngine.available) func aMovieDeletedBetweenPagesIsNeitherRepeatedNorInTheWay(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    try await addMovies(movies)
    let ids = try await movies.listed(["--sort", "date"]).compactMap { $0["id"] as? String }
    // The id given must name a stored movie, which is read for its values; the movie after it may go.
    #expect(try await movies.run(["delete", ids[2]]).status == 0)
    await #expect(
      try movies.listed(["--sort", "date", "--after", ids[1]]).compactMap { $0["id"] as? String } == Array(ids[3...]))
  }
}
