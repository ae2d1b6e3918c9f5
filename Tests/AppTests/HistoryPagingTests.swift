import Catalog
import Foundation
import Testing

@testable import MoviesCLI

@Suite("movies history --limit: a page of transactions at a time, on either engine")
struct HistoryPagingTests {
  /// The tokens of a `history --format json` run that must succeed.
  private func tokens(_ movies: MoviesProcess, _ options: [String]) async throws -> (tokens: [Int], hint: String) {
    let result = try await movies.run(["history", "--format", "json"] + options)
    #expect(result.status == 0, "\(result.stderr)")
    let history = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return (history.compactMap { $0["token"] as? Int }, result.stderr)
  }

  /// The tokens of four transactions, by `movies` (adding Alien, then Up) and `movies import`
  /// (Heat, then Ran) in turn.
  private func twoAuthors(_ movies: MoviesProcess) async throws -> [Int] {
    try await movies.add("Alien")
    _ = try await movies.run(["import", "-", "--format", "csv"], input: "title,date\nHeat,1995-12-15\n")
    try await movies.add("Up")
    _ = try await movies.run(["import", "-", "--format", "csv"], input: "title,date\nRan,1985-06-01\n")
    return try await movies.history(count: 4).compactMap { $0["token"] as? Int }
  }

  @Test(arguments: StoreEngine.available) func pagesFollowOneAnotherAndAFullPageNamesTheNext(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    for title in ["Alien", "Heat", "Up"] { try await movies.add(title) }
    let all = try await movies.history(count: 3).compactMap { $0["token"] as? Int }
    try #require(all.count == 3)

    let first = try await tokens(movies, ["--limit", "2"])
    #expect(first.tokens == Array(all.prefix(2)))
    #expect(first.hint == "movies: next page: add --since \(all[1]) to these options\n")
    let rest = try await tokens(movies, ["--limit", "2", "--since", "\(all[1])"])
    #expect(rest.tokens == [all[2]])
    #expect(rest.hint.isEmpty, "a page that is not full has nothing after it")

    // A page that ends exactly at the last transaction is full: the next one is empty.
    let exact = try await tokens(movies, ["--since", "\(all[0])", "--limit", "2"])
    #expect(exact.tokens == Array(all.suffix(2)))
    #expect(exact.hint == "movies: next page: use --since \(all[2]) in place of --since \(all[0])\n")
    let empty = try await movies.run(["history", "--format", "json", "--since", "\(all[2])", "--limit", "2"])
    #expect(empty.stdout == "[\n\n]\n" && empty.stderr.isEmpty, "\(empty.stderr)")
    #expect(try await tokens(movies, ["--limit", "3"]).tokens == all)
  }

  @Test(arguments: StoreEngine.available) func aLimitOfNoneShowsNothingAndABadOneIsAUsageError(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien")
    _ = try await movies.history(count: 1)
    let none = try await tokens(movies, ["--limit", "0"])
    #expect(none.tokens.isEmpty && none.hint.isEmpty)
    #expect(try await movies.run(["history", "--limit", "0"]).stdout == "No history.\n")
    #expect(try await movies.run(["history", "--limit", "0", "--format", "csv"]).stdout.isEmpty)
    for bad in ["-1", "two"] {
      let result = try await movies.run(["history", "--limit", bad])
      #expect(result.status == 2, "\(bad): \(result.stderr)")
      #expect(result.stderr.hasPrefix("movies: error: --limit "), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test(arguments: StoreEngine.available) func aPageOfOneAuthorIsFullWhenOthersCameBetween(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let all = try await twoAuthors(movies)
    let imports = try await tokens(movies, ["--author", "movies import", "--limit", "2"])
    #expect(imports.tokens == [all[1], all[3]])
    let table = try await movies.run(["history", "--author", "movies", "--limit", "1"])
    #expect(table.stdout.split(separator: "\n").count == 2, "a header and one change: \(table.stdout)")
    #expect(table.stderr == "movies: next page: add --since \(all[0]) to these options\n")
    let csv = try await movies.run([
      "history", "--author", "movies", "--limit", "1", "--since", "\(all[0])", "--format", "csv",
    ])
    #expect(
      csv.stdout.components(separatedBy: "\r\n").dropFirst().first?.hasPrefix("\(all[2]),") == true, "\(csv.stdout)")
  }

  /// `--last N` shows the newest N — of one author's, of those after `--since` — oldest first,
  /// with nothing said of a next page; it and `--limit` exclude each other.
  @Test(arguments: StoreEngine.available) func lastShowsTheNewestTransactionsOldestFirst(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let all = try await twoAuthors(movies)
    try #require(all.count == 4)
    let newest = try await tokens(movies, ["--last", "2"])
    #expect(newest.tokens == Array(all.suffix(2)))
    #expect(newest.hint.isEmpty)
    #expect(try await tokens(movies, ["--last", "9"]).tokens == all)
    #expect(try await tokens(movies, ["--last", "0"]).tokens.isEmpty)
    #expect(try await tokens(movies, ["--last", "1", "--author", "movies import"]).tokens == [all[3]])
    #expect(try await tokens(movies, ["--last", "3", "--author", "movies import"]).tokens == [all[1], all[3]])
    #expect(try await tokens(movies, ["--last", "3", "--since", "\(all[1])"]).tokens == Array(all.suffix(2)))
    #expect(try await tokens(movies, ["--last", "1", "--since", "\(all[3])"]).tokens.isEmpty)
    let table = try await movies.run(["history", "--last", "1"])
    #expect(table.stdout.split(separator: "\n").count == 2, "a header and Ran's insert: \(table.stdout)")
    for (options, message) in [
      (["--last", "-1"], "movies: error: --last "), (["--last", "2", "--limit", "2"], "movies: error: "),
    ] {
      let result = try await movies.run(["history"] + options)
      #expect(result.status == 2 && result.stdout.isEmpty, "\(options): \(result.stderr)")
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
  }

  /// A transaction bigger than a page holds of it (1,000 changes) is read a slice at a time:
  /// every change is listed once, in order, and the transaction is one JSON object.
  @Test(arguments: StoreEngine.available) func aBigTransactionListsEveryChangeOnce(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    for rows in [1_000, 1_001] {
      let csv = "title,date\n" + (0..<rows).map { "Movie \($0) of \(rows),2001-01-01\n" }.joined()
      let imported = try await movies.run(["import", "-", "--format", "csv", "--quiet"], input: csv)
      try #require(imported.status == 0, "\(imported.stderr)")
    }
    let history = try await movies.history(count: 2)
    let ids = history.map { ($0["changes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    #expect(ids.map(\.count) == [1_000, 1_001])
    #expect(Set(ids.joined()).count == 2_001, "no change twice")
    let listed = try await movies.run(["history", "--format", "csv"]).stdout.components(separatedBy: "\r\n")
    let rows: [String] = listed.dropFirst().filter { !$0.isEmpty }
    let listedIDs: [String] = rows.map { row in String(row.split(separator: ",")[5]) }
    #expect(listedIDs == Array(ids.joined()))
  }

  /// More transactions than two of the pages `history` reads at a time: pages join without a
  /// transaction lost or repeated, however `--since` and `--limit` cut them.
  @Test(arguments: StoreEngine.available) func theReadsPagesJoinWithoutALossOrARepeat(engine: StoreEngine) async throws
  {
    let movies = try MoviesProcess(engine)
    try await movies.add("First")
    let page = HistoryPages.transactionsPerPage
    let day = 86_400.0
    try await movies.insertEach(
      (1...2 * page + 1).map {
        Movie(title: "Movie \($0)", date: Date(timeIntervalSinceReferenceDate: Double($0) * day))
      },
      author: "loader")
    let all = try await movies.history(count: 2 * page + 2).compactMap { $0["token"] as? Int }
    #expect(all.count == 2 * page + 2 && all == all.sorted() && Set(all).count == all.count)
    #expect(try await tokens(movies, ["--limit", "\(page + page / 2)"]).tokens == Array(all.prefix(page + page / 2)))
    // Two pages exactly, the last ending at the newest transaction: the third read is empty.
    let since = ["--since", "\(all[1])"]
    #expect(try await tokens(movies, since).tokens == Array(all.dropFirst(2)))
    #expect(try await tokens(movies, since + ["--limit", "\(2 * page)"]).tokens == Array(all.dropFirst(2)))
    let csv = try await movies.run(["history", "--format", "csv"] + since).stdout.components(separatedBy: "\r\n")
    #expect(
      csv.dropFirst().compactMap { $0.split(separator: ",").first.flatMap { Int($0) } } == Array(all.dropFirst(2)))
  }
}
