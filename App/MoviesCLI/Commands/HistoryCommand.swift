import Foundation
import Persistence

/// `movies history`: the catalog's committed transactions, oldest first, a page at a time.
struct HistoryCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "history", abstract: "Show the catalog's history: each committed change, when and by whom.",
    discussion: """
      Transactions come oldest first. --since TOKEN shows what came after a token printed before, \
      as a sync would ask. --limit N shows the first N of them: the oldest N, or the N after \
      --since TOKEN; a full page names the next on standard error, the same options with --since \
      the last token shown. --last N shows the newest N instead (as git log -n and tail -n do), \
      still oldest first. Each change says its kind, model and id; an update, the attributes it changed; a \
      delete, the values the model keeps when deleted (a movie's title). JSON lists the \
      transactions with their changes; a table and CSV show a row per change. The history is \
      read and written a page at a time, however long it is.
      """,
    arguments: [since, limit, last, authors, format])

  static let since = Option<Int?>("since", valueName: "TOKEN", help: "Only transactions after this token.")
  static let limit = Option<Int?>("limit", valueName: "N", help: "Show at most N transactions, the first N.")
  static let last = Option<Int?>("last", valueName: "N", help: "Show the newest N transactions, oldest first.")
  static let authors = RepeatedOption<FilterText>(
    "author", valueName: "NAME", help: "Only transactions by this author.")
  static let format = RowFormat.option

  let since: Int64?
  let limit: Int?
  let last: Int?
  let authors: [String]
  let format: RowFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    since = try arguments[Self.since].map(Int64.init)
    limit = try arguments[Self.limit]
    if let limit, limit < 0 {
      throw Self.usage(
        .invalidValue(argument: "--limit", expected: "a number of transactions, 0 or more", value: "\(limit)"))
    }
    last = try arguments[Self.last]
    authors = try arguments[Self.authors].map(\.text)
    format = try arguments[Self.format]
    if let last, last < 0 {
      throw Self.usage(
        .invalidValue(argument: "--last", expected: "a number of transactions, 0 or more", value: "\(last)"))
    }
    if limit != nil, last != nil { throw Self.usage(.conflictingOptions("--limit", "--last")) }
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalogToRead()
    let authors = authors.isEmpty ? nil : Set(authors)
    var (after, count) = (since.map(HistoryToken.init), limit)
    if let last {
      // The newest `last` (after --since), read backwards without their changes; then read
      // forwards, as every listing is, from just before the oldest of them.
      let newest = try await catalog.fetchHistory(before: nil, authors: authors, limit: last, changeLimit: 0)
        .filter { transaction in since.map { transaction.token.value > $0 } ?? true }
      after = newest.last.map { HistoryToken($0.token.value - 1) }
      count = newest.count
    }
    let pages = HistoryPages(catalog: catalog, after: after, authors: authors, limit: count)
    let console = context.console
    let read =
      format == .json
      ? try await HistoryJSON(console.writeData).write(pages)
      : try await HistoryRowsOutput(format: format).write(pages, to: console)
    // A full page may have more after it: say how to ask for them, beside the data.
    if let limit, limit > 0, read.count == limit, let last = read.last {
      console.errorLine("movies: next page: " + nextPage(after: last))
    }
  }

  /// How to ask for the page after the transaction of token `last`: the same options with
  /// `--since` it, in place of the `--since` that placed this page.
  func nextPage(after last: HistoryToken) -> String {
    guard let since else { return "add --since \(last) to these options" }
    return "use --since \(last) in place of --since \(since)"
  }
}
