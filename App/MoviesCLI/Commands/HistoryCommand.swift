import Foundation
import Persistence

/// `movies history`: the catalog's committed transactions, oldest first.
struct HistoryCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "history", abstract: "Show the catalog's history: each committed change, when and by whom.",
    discussion: "--since TOKEN shows what came after a token printed before, as a sync would ask.",
    arguments: [since, authors, format])

  static let since = Option<Int?>("since", valueName: "TOKEN", help: "Only transactions after this token.")
  static let authors = RepeatedOption<String>("author", valueName: "NAME", help: "Only transactions by this author.")
  static let format = OutputFormat.option

  let since: Int64?
  let authors: [String]
  let format: OutputFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    since = try arguments[Self.since].map(Int64.init)
    authors = try arguments[Self.authors]
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try context.openCatalog()
    let history = try catalog.container.fetchHistory(
      after: since.map(HistoryToken.init), authors: authors.isEmpty ? nil : Set(authors))
    switch format {
    case .json:
      let objects = history.map { transaction -> [String: Any] in
        [
          "token": transaction.token.value, "timestamp": CatalogDate.iso8601(transaction.timestamp),
          "author": transaction.author ?? NSNull(),
          "changes": transaction.changes.map { ["model": $0.model, "id": $0.id, "kind": $0.kind.rawValue] },
        ]
      }
      context.console.writeData(try JSONOutput.serialize(objects))
    case .table:
      let rows = history.map { transaction in
        [
          "\(transaction.token)", CatalogDate.readable(transaction.timestamp), transaction.author ?? "-",
          Self.summary(transaction.changes),
        ]
      }
      context.console.show(
        TextTable(headers: ["TOKEN", "COMMITTED", "AUTHOR", "CHANGES"], rightAligned: [0]).render(rows))
    }
  }

  /// `Movie: 2 inserted, 1 deleted; Review: 1 deleted`.
  static func summary(_ changes: [HistoryChange]) -> String {
    var counts: [String: [PendingChange.Kind: Int]] = [:]
    for change in changes { counts[change.model, default: [:]][change.kind, default: 0] += 1 }
    return counts.keys.sorted().map { model in
      let kinds = [(PendingChange.Kind.insert, "inserted"), (.update, "updated"), (.delete, "deleted")]
        .compactMap { kind, word in counts[model]?[kind].map { "\($0) \(word)" } }
      return "\(model): " + kinds.joined(separator: ", ")
    }.joined(separator: "; ")
  }
}
