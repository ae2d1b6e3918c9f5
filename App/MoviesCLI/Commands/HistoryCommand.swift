import Foundation
import Persistence

/// `movies history`: the catalog's committed transactions, oldest first, a page at a time.
struct HistoryCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "history", abstract: "Show the catalog's history: each committed change, when and by whom.",
    discussion: """
      Transactions come oldest first. --since TOKEN shows what came after a token printed before, \
      as a sync would ask. --limit N shows the first N of them: the oldest N, or the N after \
      --since TOKEN (git log -n also keeps the first N of its list, which runs newest first); a \
      full page names the next on standard error, the same options with --since the last token \
      shown. Each change says its kind, model and id; an update, the attributes it changed; a \
      delete, the values the model keeps when deleted (a movie's title). JSON lists the \
      transactions with their changes; a table and CSV show a row per change. The history is \
      read and written a page at a time, however long it is.
      """,
    arguments: [since, limit, authors, format])

  static let since = Option<Int?>("since", valueName: "TOKEN", help: "Only transactions after this token.")
  static let limit = Option<Int?>("limit", valueName: "N", help: "Show at most N transactions, the first N.")
  static let authors = RepeatedOption<String>("author", valueName: "NAME", help: "Only transactions by this author.")
  static let format = RowFormat.option

  let since: Int64?
  let limit: Int?
  let authors: [String]
  let format: RowFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    since = try arguments[Self.since].map(Int64.init)
    limit = try arguments[Self.limit]
    if let limit, limit < 0 {
      throw Self.usage(
        .invalidValue(argument: "--limit", expected: "a number of transactions, 0 or more", value: "\(limit)"))
    }
    authors = try arguments[Self.authors]
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let pages = HistoryPages(
      catalog: try await context.openCatalog(), after: since.map(HistoryToken.init),
      authors: authors.isEmpty ? nil : Set(authors), limit: limit)
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
